import { NOTIFICATION_HEARTBEAT_MS, NOTIFICATION_STREAM_PATH, RENDER_STREAM_EVENT, type UnreadCounts } from '@nearcast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller.js';
import { assertPlan } from '../../access/plan.js';
import { tooMany, unauthenticated } from '../../errors.js';
import type { HubMessage } from './hub.js';
import { languageOf } from './render.js';

/** Test hook: how often the heartbeat goes (the contract's interval unless a test shortens it). */
export const streamTimings = { heartbeatMs: NOTIFICATION_HEARTBEAT_MS };

/**
 * `GET /api/v1/notification/stream`: Server-Sent Events for one signed-in reader, authenticated
 * by the bearer token like any API call (the web reads it with fetch; EventSource cannot send
 * the header). It sends the unread counts first, then each notification for this reader as it
 * commits (hub: LISTEN/NOTIFY), fresh counts after every read, and a comment as heartbeat.
 */
export async function streamRoute(app: FastifyInstance): Promise<void> {
  const { notificationCenter: center, notificationHub: hub, sessions, creativeBriefs } = app.services;
  // Open streams end before the server closes, or closing would wait for them forever.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  const slots = streamSlots(app.services.config.NOTIFICATION_STREAMS_PER_ACCOUNT);

  app.get(`/api${NOTIFICATION_STREAM_PATH}`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { caller, token } = await authenticate(request, sessions);
    const language = languageOf(request.lang);
    await hub.start();
    await center.rememberLanguage(caller, language);
    // Taken with no await between it and the 'close' listener below that gives it back, so a
    // burst of opens cannot all pass the count and a stream that fails to open holds none.
    const release = slots.take(caller.id);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise buffer the stream and deliver nothing live.
      'x-accel-buffering': 'no',
    });
    let closed = false;
    const send = (event: string, data: unknown) => {
      if (!closed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // Messages are handled one after another, so counts never arrive older than an item.
    let queue = Promise.resolve();
    const counts = async (): Promise<UnreadCounts> => center.unread(caller);
    const readable = new Map<number, boolean>();
    const canRead = (reader: Caller, merchantId: number) => creativeBriefs.assertVisible(reader, merchantId).then(() => true, () => false);
    const handle = async (message: HubMessage) => {
      if (message.type === 'read') {
        if (message.account_id === caller.id) send('unread', await counts());
        return;
      }
      if (message.type === 'render') {
        // Render progress goes to readers of the merchant only; the answer is kept for the
        // stream's life, as a render reports many times.
        let visible = readable.get(message.merchant_id);
        if (visible === undefined) {
          visible = await canRead(caller, message.merchant_id);
          readable.set(message.merchant_id, visible);
        }
        if (visible) send(RENDER_STREAM_EVENT, { id: message.render_id, merchant_id: message.merchant_id, state: message.state, progress: message.progress });
        return;
      }
      if (message.type === 'notification' && message.account_id !== caller.id) return;
      const item = await center.itemFor(caller, language, message);
      if (item) send('notification', { item, unread: await counts() });
    };
    const unsubscribe = hub.subscribe((message) => {
      queue = queue.then(() => handle(message)).catch((error: unknown) => request.log.warn({ err: error }, 'notification stream message failed'));
    });
    // Each heartbeat checks the session again: signing out (or being disabled) ends the stream
    // instead of leaving a revoked device listening.
    const heartbeat = setInterval(() => {
      if (closed) return;
      raw.write(': ping\n\n');
      void sessions
        .authenticate(token)
        .then((still) => {
          if (!still || still === 'disabled' || still.id !== caller.id) end();
        })
        .catch(() => {});
    }, streamTimings.heartbeatMs);
    heartbeat.unref();
    function end() {
      close();
      raw.end();
    }
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    };
    open.add(end);
    const gone = () => {
      close();
      open.delete(end);
      release();
    };
    raw.on('close', gone);
    // A reader gone while the stream was being set up closed its socket before anyone listened.
    if (request.raw.socket.destroyed) gone();
    send('unread', await counts());
  });
}

async function authenticate(request: FastifyRequest, sessions: FastifyInstance['services']['sessions']): Promise<{ caller: Caller; token: string }> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const resolved = token ? await sessions.authenticate(token) : null;
  if (resolved === 'disabled') throw unauthenticated('error.account_disabled');
  if (!resolved || !token) throw unauthenticated();
  // Gated like the notification endpoints (docs/decisions/053): a studio's notifications name
  // its clients and carry their renders' progress.
  assertPlan(resolved);
  return { caller: resolved, token };
}

/**
 * Live streams per account on this process. A stream holds a connection and a subscription
 * for as long as its page is open, so without a bound one account could hold hundreds.
 */
function streamSlots(limit: number) {
  const held = new Map<number, number>();
  return {
    take(accountId: number): () => void {
      const count = held.get(accountId) ?? 0;
      // The web reconnects with backoff and gets in once one of the account's pages closes.
      if (count >= limit) throw tooMany('error.too_many_streams', { max: limit, seconds: 30 });
      held.set(accountId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(accountId) ?? 1) - 1;
        if (left > 0) held.set(accountId, left);
        else held.delete(accountId);
      };
    },
  };
}
