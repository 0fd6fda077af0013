import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/**
 * Who does what with video publishing (docs/decisions/032; spec §2 `/video`: super, admin,
 * studio, operator). Those roles run the work for the merchants in their scope; a merchant reads
 * its own posts, their statistics and their file, and answers its own approval requests; the
 * review calls are public, the link's token being their only credential.
 */
const WORKERS = ['super', 'admin', 'studio', 'operator'] as const;
const READERS = ['super', 'admin', 'studio', 'operator', 'client'] as const;
/** The public review calls: enough for a person, too few to guess tokens with. */
const REVIEW_LIMIT = { max: 30, timeWindow: 60_000 };

export async function videoRoutes(app: FastifyInstance): Promise<void> {
  const { video, videoConnections: connections, videoReviews: reviews } = app.services;

  route(app, api.video.platforms, WORKERS, async () => connections.platforms());
  route(app, api.video.connections, WORKERS, (caller, { body }) => connections.connections(caller, body));
  route(app, api.video.connect, WORKERS, (caller, { body }) => connections.connect(caller, body));
  route(app, api.video.connectCallback, WORKERS, (caller, { body }) => connections.callback(caller, body));
  route(app, api.video.disconnect, WORKERS, async (caller, { body }) => {
    await connections.disconnect(caller, body.id);
    return null;
  });

  route(app, api.video.list, READERS, (caller, { body, request }) => video.list(caller, body, request.lang));
  route(app, api.video.get, READERS, (caller, { body, request }) => video.get(caller, body.id, request.lang));
  route(app, api.video.add, WORKERS, (caller, { body, request }) => video.add(caller, body, request.lang), { idempotent: true });
  route(app, api.video.update, WORKERS, (caller, { body, request }) => video.update(caller, body, request.lang));
  route(app, api.video.cancel, WORKERS, (caller, { body, request }) => video.cancel(caller, body.id, request.lang));
  route(app, api.video.delete, WORKERS, async (caller, { body }) => {
    await video.delete(caller, body.id);
    return null;
  });
  route(app, api.video.retry, WORKERS, (caller, { body, request }) => video.retry(caller, body.id, request.lang));
  route(app, api.video.jobLink, WORKERS, (caller, { body, request }) => video.attachLink(caller, body, request.lang));
  route(app, api.video.stats, READERS, (caller, { body }) => video.stats(caller, body));
  route(app, api.video.mine, ['client'], (caller, { body, request }) => video.mine(caller, body, request.lang));
  route(app, api.base.video, READERS, (caller, { body }) => video.fileUrl(caller, body.id));

  route(app, api.video.reviewLink, WORKERS, (caller, { body }) => reviews.createLink(caller, body));
  route(app, api.video.approve, ['client'], async (caller, { body, request }) => {
    await reviews.decideInApp(caller, body.id, 'approved', body.comment);
    return video.get(caller, body.id, request.lang);
  });
  route(app, api.video.changes, ['client'], async (caller, { body, request }) => {
    await reviews.decideInApp(caller, body.id, 'changes_requested', body.comment);
    return video.get(caller, body.id, request.lang);
  });
  route(app, api.video.review, 'public', (_caller, { body }) => reviews.read(body.token), { rateLimit: REVIEW_LIMIT });
  route(app, api.video.reviewApprove, 'public', (_caller, { body }) => reviews.approve(body.token, body.comment), { rateLimit: REVIEW_LIMIT });
  route(app, api.video.reviewChanges, 'public', (_caller, { body }) => reviews.requestChanges(body.token, body.comment), {
    rateLimit: REVIEW_LIMIT,
  });
}
