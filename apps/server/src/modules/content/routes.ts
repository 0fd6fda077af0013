import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { content, learning } = app.services;

  route(app, api.content.list, (_caller, { body }) => content.list(body));
  route(app, api.content.facets, () => content.facets());
  route(app, api.content.get, (_caller, { body }) => content.get(body.id));
  route(app, api.content.add, (caller, { body }) => content.addContent(caller, body), { idempotent: true });
  route(app, api.content.update, (caller, { body }) => content.update(caller, body.id, body));
  route(app, api.content.publish, (caller, { body }) => content.publish(caller, body.id));
  route(app, api.content.unpublish, (caller, { body }) => content.unpublish(caller, body.id));
  route(app, api.content.delete, async (caller, { body }) => content.delete(caller, body.id).then(() => null));
  // Anyone, signed in or not, reads published items.
  route(app, api.content.publicList, (_caller, { body }) => content.publicList(body));
  route(app, api.content.publicGet, (_caller, { body }) => content.publicGet(body.id));

  // Live events (spec §7). The staff calls reach live events only; `detail` is the public read.
  route(app, api.live.add, (caller, { body }) => content.addLive(caller, body), { idempotent: true });
  route(app, api.live.list, (_caller, { body }) => content.liveList(body));
  route(app, api.live.get, (_caller, { body }) => content.get(body.id, 'live'));
  route(app, api.live.update, (caller, { body }) => content.update(caller, body.id, body, 'live'));
  route(app, api.live.delete, async (caller, { body }) => content.delete(caller, body.id, 'live').then(() => null));
  route(app, api.live.detail, (_caller, { body }) => content.publicGet(body.id, 'live'));

  // Learning center.
  route(app, api.learn.course, (caller, { body }) => learning.myCourses(caller, body));
  route(app, api.learn.courseGet, (caller, { body }) => learning.course(caller, body.id));
  route(app, api.learn.lesson, (caller, { body }) => learning.lesson(caller, body));
  route(app, api.learn.progress, (caller, { body }) => learning.progress(caller, body));
  route(app, api.learn.courseList, (caller, { body }) => learning.list(caller, body));
  route(app, api.learn.courseAdd, (caller, { body }) => learning.add(caller, body), { idempotent: true });
  route(app, api.learn.courseUpdate, (caller, { body }) => learning.update(caller, body));
  route(app, api.learn.coursePublish, (caller, { body }) => learning.publish(caller, body.id));
  route(app, api.learn.courseUnpublish, (caller, { body }) => learning.unpublish(caller, body.id));
  route(app, api.learn.courseDelete, async (caller, { body }) => learning.delete(caller, body.id).then(() => null));
}
