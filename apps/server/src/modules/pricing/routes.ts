import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function pricingRoutes(app: FastifyInstance): Promise<void> {
  const { pricing } = app.services;
  // The public pricing screens read enabled packages without signing in (spec §2 "Pricing").
  // Names, tags and features come in the request's language (decision 020).
  route(app, api.price.list, (caller, { body, request }) => pricing.list(caller, body, request.lang));
  route(app, api.price.get, (caller, { body, request }) => pricing.get(caller, body.id, request.lang));
  // Spec §6: super alone manages pricing.
  route(app, api.price.add, (caller, { body }) => pricing.add(caller, body), { idempotent: true });
  route(app, api.price.update, (caller, { body }) => pricing.update(caller, body));
  route(app, api.price.delete, async (caller, { body }) => pricing.delete(caller, body.id).then(() => null));
}
