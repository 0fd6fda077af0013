import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Studios are what agents and staff manage; merchants what everyone but a merchant serves. */
const STUDIO_READERS = ['super', 'admin', 'partner'] as const;
const CLIENT_READERS = ['super', 'admin', 'partner', 'studio', 'operator'] as const;
/** Those with commissions (their own) or the platform's profit to see. */
const PROFIT_READERS = ['super', 'admin', 'partner', 'studio'] as const;

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { dashboard } = app.services;

  route(app, api.dashboard.total, '*', (caller, { body }) => dashboard.total(caller, body.range));
  route(app, api.dashboard.studio, STUDIO_READERS, (caller, { body }) => dashboard.studio(caller, body.range));
  route(app, api.dashboard.client, CLIENT_READERS, (caller, { body }) => dashboard.client(caller, body.range));
  route(app, api.dashboard.pay, '*', (caller, { body }) => dashboard.pay(caller, body.range));
  route(app, api.dashboard.profit, PROFIT_READERS, (caller, { body }) => dashboard.profit(caller, body.range));
  route(app, api.dashboard.activity, '*', (caller, { body }) => dashboard.activity(caller, body));
}
