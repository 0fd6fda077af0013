import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** The public review calls: enough for a person, too few to guess tokens with. */
const REVIEW_LIMIT = { max: 30, timeWindow: 60_000 };

export async function videoRoutes(app: FastifyInstance): Promise<void> {
  const { video, videoConnections: connections, videoReviews: reviews } = app.services;

  route(app, api.video.platforms, async () => connections.platforms());
  route(app, api.video.connections, (caller, { body }) => connections.connections(caller, body));
  route(app, api.video.connect, (caller, { body }) => connections.connect(caller, body));
  route(app, api.video.connectCallback, (caller, { body }) => connections.callback(caller, body));
  route(app, api.video.disconnect, async (caller, { body }) => {
    await connections.disconnect(caller, body.id);
    return null;
  });

  route(app, api.video.list, (caller, { body, request }) => video.list(caller, body, request.lang));
  route(app, api.video.get, (caller, { body, request }) => video.get(caller, body.id, request.lang));
  route(app, api.video.add, (caller, { body, request }) => video.add(caller, body, request.lang), { idempotent: true });
  route(app, api.video.update, (caller, { body, request }) => video.update(caller, body, request.lang));
  route(app, api.video.cancel, (caller, { body, request }) => video.cancel(caller, body.id, request.lang));
  route(app, api.video.delete, async (caller, { body }) => {
    await video.delete(caller, body.id);
    return null;
  });
  route(app, api.video.retry, (caller, { body, request }) => video.retry(caller, body.id, request.lang));
  route(app, api.video.jobLink, (caller, { body, request }) => video.attachLink(caller, body, request.lang));
  route(app, api.video.stats, (caller, { body }) => video.stats(caller, body));
  route(app, api.video.mine, (caller, { body, request }) => video.mine(caller, body, request.lang));
  route(app, api.base.video, (caller, { body }) => video.fileUrl(caller, body.id));

  route(app, api.video.reviewLink, (caller, { body }) => reviews.createLink(caller, body));
  route(app, api.video.approve, async (caller, { body, request }) => {
    await reviews.decideInApp(caller, body.id, 'approved', body.comment);
    return video.get(caller, body.id, request.lang);
  });
  route(app, api.video.changes, async (caller, { body, request }) => {
    await reviews.decideInApp(caller, body.id, 'changes_requested', body.comment);
    return video.get(caller, body.id, request.lang);
  });
  route(app, api.video.review, (_caller, { body }) => reviews.read(body.token), { rateLimit: REVIEW_LIMIT });
  route(app, api.video.reviewApprove, (_caller, { body }) => reviews.approve(body.token, body.comment), { rateLimit: REVIEW_LIMIT });
  route(app, api.video.reviewChanges, (_caller, { body }) => reviews.requestChanges(body.token, body.comment), {
    rateLimit: REVIEW_LIMIT,
  });
}
