import { api, type Role } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** Spec §6: super and admin manage content. */
const STAFF: readonly Role[] = ['super', 'admin'];
/** Spec §2: the roles of /learning. */
const LEARNERS: readonly Role[] = ['super', 'admin', 'partner', 'studio', 'operator'];

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { content, learning } = app.services;

  route(app, api.content.list, STAFF, (_caller, { body }) => content.list(body));
  route(app, api.content.facets, STAFF, () => content.facets());
  route(app, api.content.get, STAFF, (_caller, { body }) => content.get(body.id));
  route(app, api.content.add, STAFF, (caller, { body }) => content.addContent(caller, body), { idempotent: true });
  route(app, api.content.update, STAFF, (caller, { body }) => content.update(caller, body.id, body));
  route(app, api.content.publish, STAFF, (caller, { body }) => content.publish(caller, body.id));
  route(app, api.content.unpublish, STAFF, (caller, { body }) => content.unpublish(caller, body.id));
  route(app, api.content.delete, STAFF, async (caller, { body }) => content.delete(caller, body.id).then(() => null));
  // Anyone, signed in or not, reads published items.
  route(app, api.content.publicList, 'public', (_caller, { body }) => content.publicList(body));
  route(app, api.content.publicGet, 'public', (_caller, { body }) => content.publicGet(body.id));

  // Live events (spec §7). The staff calls reach live events only; `detail` is the public read.
  route(app, api.live.add, STAFF, (caller, { body }) => content.addLive(caller, body), { idempotent: true });
  route(app, api.live.list, STAFF, (_caller, { body }) => content.liveList(body));
  route(app, api.live.get, STAFF, (_caller, { body }) => content.get(body.id, 'live'));
  route(app, api.live.update, STAFF, (caller, { body }) => content.update(caller, body.id, body, 'live'));
  route(app, api.live.delete, STAFF, async (caller, { body }) => content.delete(caller, body.id, 'live').then(() => null));
  route(app, api.live.detail, 'public', (_caller, { body }) => content.publicGet(body.id, 'live'));

  // Learning center.
  route(app, api.learn.course, LEARNERS, (caller, { body }) => learning.myCourses(caller, body));
  route(app, api.learn.courseGet, LEARNERS, (caller, { body }) => learning.course(caller, body.id));
  route(app, api.learn.lesson, LEARNERS, (caller, { body }) => learning.lesson(caller, body));
  route(app, api.learn.progress, LEARNERS, (caller, { body }) => learning.progress(caller, body));
  route(app, api.learn.courseList, STAFF, (caller, { body }) => learning.list(caller, body));
  route(app, api.learn.courseAdd, STAFF, (caller, { body }) => learning.add(caller, body), { idempotent: true });
  route(app, api.learn.courseUpdate, STAFF, (caller, { body }) => learning.update(caller, body));
  route(app, api.learn.coursePublish, STAFF, (caller, { body }) => learning.publish(caller, body.id));
  route(app, api.learn.courseUnpublish, STAFF, (caller, { body }) => learning.unpublish(caller, body.id));
  route(app, api.learn.courseDelete, STAFF, async (caller, { body }) => learning.delete(caller, body.id).then(() => null));
}
