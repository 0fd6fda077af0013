import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Who gets paid (payout details, staff review) and merchants' correction requests. */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const { verification } = app.services;
  // Paid parties: studios earn commissions, agents override commissions.
  const PAYEES = ['studio', 'partner'] as const;
  const STAFF = ['super', 'admin'] as const;
  route(app, api.verification.mine, PAYEES, (caller) => verification.mine(caller));
  route(app, api.verification.submit, PAYEES, (caller, { body }) => verification.submit(caller, body), { idempotent: true });
  route(app, api.verification.list, STAFF, (_caller, { body }) => verification.list(body));
  route(app, api.verification.get, STAFF, (_caller, { body }) => verification.get(body.id));
  route(app, api.verification.approve, STAFF, (caller, { body }) => verification.approve(caller, body.id));
  route(app, api.verification.reject, STAFF, (caller, { body }) => verification.reject(caller, body.id, body.reason));
  route(app, api.verification.business, ['client'], (caller) => verification.business(caller));
  route(app, api.verification.correction, ['client'], (caller, { body }) => verification.requestCorrection(caller, body), { idempotent: true });
  route(app, api.verification.corrections, STAFF, (_caller, { body }) => verification.corrections(body));
  route(app, api.verification.resolve, STAFF, (caller, { body }) => verification.resolveCorrection(caller, body));
}
