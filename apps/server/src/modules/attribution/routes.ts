import { api, SHORT_LINK_PATH } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { missingLinkPage } from './go-page.js';

/** Unknown codes one address may try a minute before it is told to slow down (guessing codes). */
const MISSES_PER_MINUTE = 30;

export async function attributionRoutes(app: FastifyInstance): Promise<void> {
  const { attribution } = app.services;
  route(app, api.attribution.linkGet, (caller, { body }) => attribution.linkGet(caller, body));
  route(app, api.attribution.redemptionAdd, (caller, { body }) => attribution.redemptionAdd(caller, body), { idempotent: true });
  route(app, api.attribution.redemptionList, (caller, { body }) => attribution.redemptionList(caller, body));

  // Misses per address in this minute: only guessing is limited, never a real link's visitors.
  let misses = new Map<string, number>();
  let minute = 0;

  // The short link itself, outside /api: answered from memory, counted after the answer.
  app.get<{ Params: { code: string } }>(`${SHORT_LINK_PATH}/:code`, async (request, reply) => {
    const now = Math.floor(Date.now() / 60_000);
    if (now !== minute) {
      minute = now;
      misses = new Map();
    }
    const link = (misses.get(request.ip) ?? 0) >= MISSES_PER_MINUTE ? null : await attribution.resolve(request.params.code);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!link) {
      // Counted after the look-up, so misses asked at the same moment all count.
      const tried = (misses.get(request.ip) ?? 0) + 1;
      if (misses.size < 100_000) misses.set(request.ip, tried);
      const page = missingLinkPage(request.headers['accept-language']);
      return reply
        .status(tried > MISSES_PER_MINUTE ? 429 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-language', page.lang)
        .send(page.html);
    }
    // An expired link still takes its visitor to the shop; it only stops counting (decision 083).
    await reply.redirect(link.targetUrl, 302);
    attribution.noteVisit(link, { ip: request.ip, userAgent: request.headers['user-agent'] });
    return reply;
  });
  app.addHook('onClose', async () => {
    await attribution.visits.flush();
  });
}
