import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { dashboard } = app.services;

  route(app, api.dashboard.total, (caller, { body }) => dashboard.total(caller, body.range));
  route(app, api.dashboard.studio, (caller, { body }) => dashboard.studio(caller, body.range));
  route(app, api.dashboard.client, (caller, { body }) => dashboard.client(caller, body.range));
  route(app, api.dashboard.pay, (caller, { body }) => dashboard.pay(caller, body.range));
  route(app, api.dashboard.profit, (caller, { body }) => dashboard.profit(caller, body.range));
  route(app, api.dashboard.activity, (caller, { body }) => dashboard.activity(caller, body));
}
