import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  const { waitlist } = app.services;
  route(app, api.area.waitlistJoin, (caller, { body }) => waitlist.join(caller, body.city_id), { idempotent: true });
  route(app, api.area.waitlistList, (caller, { body }) => waitlist.list(caller, body));
  route(app, api.area.waitlistLeave, (caller, { body }) => waitlist.leave(caller, body.id));
  route(app, api.area.waitlistMove, (caller, { body }) => waitlist.move(caller, body.id, body.position));
}
