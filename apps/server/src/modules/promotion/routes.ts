import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.promotion.link, ['super', 'admin', 'partner', 'studio'], (caller) => app.services.promotion.link(caller));
}
