import { api, LANGUAGE_OF } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Every signed-in role: a merchant reads its own reports, the others those of merchants they may read. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { reports } = app.services;
  route(app, api.report.monthlyList, (caller, { body }) => reports.list(caller, body));
  route(app, api.report.monthlyGet, (caller, { body, request }) => reports.get(caller, body, LANGUAGE_OF[request.lang]));
}
