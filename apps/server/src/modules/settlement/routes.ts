import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Who earns and so applies: studios and agents (main or sub). */
const EARNERS = ['studio', 'partner'] as const;
/** Who decides: the platform's staff. */
const STAFF = ['super', 'admin'] as const;
const READERS = [...STAFF, ...EARNERS] as const;

export async function settlementRoutes(app: FastifyInstance): Promise<void> {
  const { settlements } = app.services;

  route(app, api.settlement.preview, EARNERS, (caller) => settlements.preview(caller));
  route(app, api.settlement.apply, EARNERS, (caller) => settlements.apply(caller), { idempotent: true });
  route(app, api.settlement.list, READERS, (caller, { body }) => settlements.list(caller, body));
  route(app, api.settlement.get, READERS, (caller, { body }) => settlements.get(caller, body.id));
  route(app, api.settlement.approve, STAFF, (caller, { body }) => settlements.approve(caller, body.id, body.payout_reference));
  route(app, api.settlement.reject, STAFF, (caller, { body }) => settlements.reject(caller, body.id, body.reason));
  route(app, api.settlement.fail, STAFF, (caller, { body }) => settlements.fail(caller, body.id, body.reason));
}
