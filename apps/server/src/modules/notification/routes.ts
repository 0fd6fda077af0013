import { ANNOUNCEMENT_WRITERS, api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { languageOf } from './render.js';
import { streamRoute } from './stream.js';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { notifications } = app.services;

  // Every signed-in role has a center; each reads only its own (scope in the queries).
  route(app, api.notification.list, '*', async (caller, { body, request }) => {
    const language = languageOf(request.lang);
    await notifications.rememberLanguage(caller, language);
    return notifications.list(caller, language, body);
  });
  route(app, api.notification.unread, '*', (caller) => notifications.unread(caller));
  route(app, api.notification.read, '*', (caller, { body }) => notifications.read(caller, body));
  route(app, api.notification.readAll, '*', (caller, { body }) => notifications.readAll(caller, body));

  route(app, api.notification.announcementList, ANNOUNCEMENT_WRITERS, (_caller, { body }) => notifications.announcementList(body));
  route(app, api.notification.announcementGet, ANNOUNCEMENT_WRITERS, (_caller, { body }) => notifications.announcementGet(body.id));
  route(app, api.notification.announcementAdd, ANNOUNCEMENT_WRITERS, (caller, { body }) => notifications.announcementAdd(caller, body), {
    idempotent: true,
  });
  route(app, api.notification.announcementUpdate, ANNOUNCEMENT_WRITERS, (_caller, { body }) => notifications.announcementUpdate(body));
  route(app, api.notification.announcementDelete, ANNOUNCEMENT_WRITERS, (_caller, { body }) => notifications.announcementDelete(body.id));

  await streamRoute(app);
}
