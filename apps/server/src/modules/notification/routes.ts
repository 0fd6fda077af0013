import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { languageOf } from './render.js';
import { streamRoute } from './stream.js';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { notificationCenter: center, announcements } = app.services;

  // Every signed-in role has a center; each reads only its own (scope in the queries).
  route(app, api.notification.list, async (caller, { body, request }) => {
    const language = languageOf(request.lang);
    await center.rememberLanguage(caller, language);
    return center.list(caller, language, body);
  });
  route(app, api.notification.unread, (caller) => center.unread(caller));
  route(app, api.notification.read, (caller, { body }) => center.read(caller, body));
  route(app, api.notification.readAll, (caller, { body }) => center.readAll(caller, body));

  route(app, api.notification.announcementList, (_caller, { body }) => announcements.list(body));
  route(app, api.notification.announcementGet, (_caller, { body }) => announcements.get(body.id));
  route(app, api.notification.announcementAdd, (caller, { body }) => announcements.add(caller, body), {
    idempotent: true,
  });
  route(app, api.notification.announcementUpdate, (caller, { body }) => announcements.update(caller, body));
  route(app, api.notification.announcementDelete, (caller, { body }) => announcements.delete(caller, body.id));

  await streamRoute(app);
}
