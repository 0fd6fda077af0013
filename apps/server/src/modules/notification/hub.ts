import type { RenderState } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { pgNotify } from './repository.js';

/** The PostgreSQL channel every instance LISTENs on. */
export const NOTIFY_CHANNEL = 'nearcast_notifications';

/**
 * What crosses instances: ids only (NOTIFY payloads are small, and each instance renders what it
 * reads in its own readers' languages).
 */
export type HubMessage =
  | { type: 'notification'; account_id: number; notification_id: number }
  | { type: 'announcement'; announcement_id: number }
  | { type: 'read'; account_id: number }
  /** A render's state or progress changed (the production line): for readers of its merchant. */
  | { type: 'render'; render_id: number; merchant_id: number; state: RenderState; progress: number };

export type HubListener = (message: HubMessage) => void;

/**
 * The live push behind the SSE stream. `publish` NOTIFYs inside the caller's transaction, so a
 * message goes out exactly when what it announces commits (and never for a rollback); every
 * instance LISTENs and hands messages to its own open streams. On PGlite the same happens in
 * this one process.
 */
export class NotificationHub {
  private readonly listeners = new Set<HubListener>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async publish(tx: Executor, message: HubMessage): Promise<void> {
    await pgNotify(tx, NOTIFY_CHANNEL, JSON.stringify(message));
  }

  /** Starts listening on first use; a stream opened before that waits for it. */
  async start(): Promise<void> {
    this.starting ??= this.database
      .listen(NOTIFY_CHANNEL, (payload) => this.dispatch(payload))
      .then((stop) => {
        this.stop = stop;
      })
      .catch((error: unknown) => {
        this.starting = null;
        throw error;
      });
    return this.starting;
  }

  subscribe(listener: HubListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.stop?.();
    this.stop = null;
    this.starting = null;
  }

  private dispatch(payload: string): void {
    let message: HubMessage;
    try {
      message = JSON.parse(payload) as HubMessage;
    } catch {
      this.log?.warn({ payload }, 'unreadable notification message');
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (error) {
        this.log?.error({ err: error }, 'notification listener failed');
      }
    }
  }
}
