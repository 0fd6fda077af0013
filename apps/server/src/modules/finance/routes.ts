import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Commission rules, finance settings and refunds (the read side has its own routes). */
export async function financeRoutes(app: FastifyInstance): Promise<void> {
  const { finance } = app.services;

  // Everyone on staff may read the rules and settings the numbers come from; only super changes them.
  route(app, api.finance.rules, () => finance.rules());
  route(app, api.finance.rulesUpdate, (caller, { body }) => finance.updateRules(caller, body), { idempotent: true });
  route(app, api.finance.settings, () => finance.settingsView());
  route(app, api.finance.settingsUpdate, (caller, { body }) => finance.updateSettings(caller, body));
  route(app, api.finance.refund, (caller, { body }) => finance.refund(caller, body), { idempotent: true });
  route(app, api.finance.refunds, (_caller, { body }) => finance.refundsOf(body.payment_id));
}
