import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function settlementRoutes(app: FastifyInstance): Promise<void> {
  const { settlements } = app.services;

  route(app, api.settlement.preview, (caller) => settlements.preview(caller));
  route(app, api.settlement.apply, (caller) => settlements.apply(caller), { idempotent: true });
  route(app, api.settlement.list, (caller, { body }) => settlements.list(caller, body));
  route(app, api.settlement.get, (caller, { body }) => settlements.get(caller, body.id));
  route(app, api.settlement.approve, (caller, { body }) => settlements.approve(caller, body.id, body.payout_reference));
  route(app, api.settlement.reject, (caller, { body }) => settlements.reject(caller, body.id, body.reason));
  route(app, api.settlement.fail, (caller, { body }) => settlements.fail(caller, body.id, body.reason));
}
