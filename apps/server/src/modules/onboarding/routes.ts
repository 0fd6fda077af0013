import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const { onboarding, config } = app.services;
  // The settle form is for paying roles after payment (spec §2 /settle, /studio).
  route(app, api.account.area, (caller, { body }) => onboarding.settle(caller, body));
  // Visitors may leave a number too; the same limit as code sending keeps it from being flooded.
  route(app, api.contact.add, (caller, { body, request }) => onboarding.contact(caller, body, request.ip), {
    rateLimit: { max: config.RATE_LIMIT_CODE_PER_HOUR, timeWindow: 3_600_000 },
    idempotent: true,
  });
  route(app, api.contact.list, (_caller, { body }) => onboarding.list(body));
}
