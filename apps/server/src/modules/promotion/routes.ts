import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  const { promotion } = app.services;
  route(app, api.promotion.link, (caller) => promotion.link(caller));
  route(app, api.promotion.stats, (caller, { body }) => promotion.stats(caller, body));
  // Anyone landing through a link; counted at most once per visitor and day, so no rate limit of its own.
  route(app, api.promotion.visit, async (_caller, { body, request }) => {
    await promotion.visit(body.code, body.source, { ip: request.ip, userAgent: request.headers['user-agent'] });
    return null;
  });
}
