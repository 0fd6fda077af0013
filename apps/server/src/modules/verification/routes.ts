import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Who gets paid (payout details, staff review) and merchants' correction requests. */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const { verification } = app.services;
  // Paid parties: studios earn commissions, agents override commissions.
  route(app, api.verification.mine, (caller) => verification.mine(caller));
  route(app, api.verification.submit, (caller, { body }) => verification.submit(caller, body), { idempotent: true });
  route(app, api.verification.list, (_caller, { body }) => verification.list(body));
  route(app, api.verification.get, (_caller, { body }) => verification.get(body.id));
  route(app, api.verification.approve, (caller, { body }) => verification.approve(caller, body.id));
  route(app, api.verification.reject, (caller, { body }) => verification.reject(caller, body.id, body.reason));
  route(app, api.verification.business, (caller) => verification.business(caller));
  route(app, api.verification.correction, (caller, { body }) => verification.requestCorrection(caller, body), { idempotent: true });
  route(app, api.verification.corrections, (_caller, { body }) => verification.corrections(body));
  route(app, api.verification.resolve, (caller, { body }) => verification.resolveCorrection(caller, body));
}
