import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

const STAFF = ['super', 'admin'] as const;
/** Applicants read and leave their own entries; staff read every line and take entries out. */
const READERS = ['super', 'admin', 'studio'] as const;

export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  const { waitlist } = app.services;
  route(app, api.area.waitlistJoin, ['studio'], (caller, { body }) => waitlist.join(caller, body.city_id), { idempotent: true });
  route(app, api.area.waitlistList, READERS, (caller, { body }) => waitlist.list(caller, body));
  route(app, api.area.waitlistLeave, READERS, (caller, { body }) => waitlist.leave(caller, body.id));
  route(app, api.area.waitlistMove, STAFF, (caller, { body }) => waitlist.move(caller, body.id, body.position));
}
