import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Who has a promotion link: staff, agents and studios. */
const LINK_HOLDERS = ['super', 'admin', 'partner', 'studio'] as const;

export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  const { promotion } = app.services;
  route(app, api.promotion.link, LINK_HOLDERS, (caller) => promotion.link(caller));
  route(app, api.promotion.stats, LINK_HOLDERS, (caller, { body }) => promotion.stats(caller, body));
  // Anyone landing through a link; counted at most once per visitor and day, so no rate limit of its own.
  route(app, api.promotion.visit, 'public', async (_caller, { body, request }) => {
    await promotion.visit(body.code, body.source, { ip: request.ip, userAgent: request.headers['user-agent'] });
    return null;
  });
}
