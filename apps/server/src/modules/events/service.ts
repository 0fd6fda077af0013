import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import * as repo from './repository.js';
import type { EventRow } from './repository.js';

/** The accounts above the account an event concerns, as they were when it happened. */
export interface EventScope {
  studioId: number | null;
  agentId: number | null;
  mainAgentId: number | null;
  operatorId: number | null;
}

/** What a module records: `account_id` is the account in whose scope the event belongs. */
export interface NewEvent {
  type: string;
  actor_id: number | null;
  subject: { type: string; id: number | string };
  account_id: number | null;
  payload?: Record<string, unknown>;
}

export interface DomainEvent {
  id: number;
  type: string;
  actorId: number | null;
  subject: { type: string; id: string };
  accountId: number | null;
  scope: EventScope;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * A reaction to events. `handle` runs inside a transaction that also records the delivery, so
 * its effect and "this subscriber has seen this event" commit together: it is called at least
 * once per event, and its effect happens once.
 */
export interface Subscriber {
  name: string;
  types: readonly string[];
  handle(event: DomainEvent, tx: Tx): Promise<void>;
}

export type ScopeResolver = (ex: Executor, accountId: number) => Promise<EventScope>;

export const DISPATCH_JOB = 'events.dispatch';
export const DELIVER_JOB = 'events.deliver';
const DISPATCH_BATCH = 100;
const NO_SCOPE: EventScope = { studioId: null, agentId: null, mainAgentId: null, operatorId: null };

interface Delivery {
  event_id: number;
  subscriber: string;
}

/**
 * The transactional outbox (design.md "Events"). `record` writes the event in the caller's
 * transaction and, when the job queue runs in this process, enqueues one delivery job per
 * subscriber in that same transaction, so the jobs exist exactly when the event does. Events
 * recorded while no queue runs (scripts, the demo seed, a queue that is starting) are left
 * undispatched; the dispatch job — at start and on a one-minute schedule — claims them with
 * FOR UPDATE SKIP LOCKED and enqueues their deliveries, on any instance.
 */
export class EventService {
  private readonly subscribers = new Map<string, Subscriber>();

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly scopeOf: ScopeResolver,
  ) {}

  /** Adds a subscriber; every instance must register the same ones before the queue starts. */
  subscribe(subscriber: Subscriber): void {
    if (this.subscribers.has(subscriber.name)) throw new Error(`Subscriber ${subscriber.name} is registered twice`);
    this.subscribers.set(subscriber.name, subscriber);
  }

  async record(tx: Executor, event: NewEvent): Promise<number> {
    const scope = event.account_id === null ? NO_SCOPE : await this.scopeOf(tx, event.account_id);
    const fanOut = this.jobs.running;
    const row = await repo.insertEvent(tx, {
      type: event.type,
      actorId: event.actor_id,
      subjectType: event.subject.type,
      subjectId: String(event.subject.id),
      accountId: event.account_id,
      ...scope,
      payload: event.payload ?? {},
      dispatchedAt: fanOut ? new Date() : null,
    });
    if (fanOut) await this.jobs.sendWithin(tx, DELIVER_JOB, this.deliveriesOf(row));
    return row.id;
  }

  /** Recent events in one scope (the activity feed), newest first. */
  async feed(filter: repo.FeedFilter): Promise<DomainEvent[]> {
    return (await repo.feed(this.db, filter)).map(toDomainEvent);
  }

  /** Enqueues the deliveries of events recorded while no queue ran; answers how many events. */
  async dispatchPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.db.transaction(async (tx) => {
        const rows = await repo.claimUndispatched(tx, DISPATCH_BATCH);
        await this.jobs.sendWithin(tx, DELIVER_JOB, rows.flatMap((row) => this.deliveriesOf(row)));
        await repo.markDispatched(
          tx,
          rows.map((row) => row.id),
        );
        return rows.length;
      });
      total += claimed;
      if (claimed < DISPATCH_BATCH) return total;
    }
  }

  /**
   * Hands one event to one subscriber. The delivery row and the subscriber's effect commit
   * together; a second run (a retry, a duplicate job) finds the row and does nothing.
   */
  async deliver(delivery: Delivery): Promise<'delivered' | 'duplicate' | 'gone'> {
    const subscriber = this.subscribers.get(delivery.subscriber);
    // An instance of another version (a rolling deploy) may not know it: fail, so the job is
    // retried (elsewhere, later) and, if no instance ever knows it, stays visibly failed.
    if (!subscriber) throw new Error(`No subscriber ${delivery.subscriber} in this instance`);
    return this.db.transaction(async (tx) => {
      const event = await repo.findEvent(tx, delivery.event_id);
      if (!event) return 'gone';
      if (!(await repo.claimDelivery(tx, event.id, subscriber.name))) return 'duplicate';
      await subscriber.handle(toDomainEvent(event), tx);
      return 'delivered';
    });
  }

  /** The outbox's two jobs, listed in the job registry. */
  jobDefinitions(log: FastifyBaseLogger): JobDefinition<never>[] {
    const dispatch: JobDefinition<object> = {
      name: DISPATCH_JOB,
      schedule: '* * * * *',
      // One run catches up on everything owed: a kick while one runs queues one more, no more.
      policy: 'stately',
      retryLimit: 3,
      retryDelaySeconds: 5,
      retryBackoff: true,
      handler: async () => {
        const dispatched = await this.dispatchPending();
        if (dispatched > 0) log.info({ dispatched }, 'dispatched recorded events');
      },
    };
    const deliver: JobDefinition<Delivery> = {
      name: DELIVER_JOB,
      // A subscriber that keeps failing ends in pg-boss's failed state after about an hour of tries.
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
      handler: async (data) => {
        const outcome = await this.deliver(data);
        if (outcome === 'gone') log.warn(data, 'event delivery dropped: the event no longer exists');
      },
    };
    return [dispatch, deliver] as JobDefinition<never>[];
  }

  /** After the queue starts: owed deliveries go out now rather than at the next minute. */
  async kick(): Promise<void> {
    await this.jobs.send(DISPATCH_JOB, {});
  }

  private deliveriesOf(row: EventRow): Delivery[] {
    return [...this.subscribers.values()].filter((s) => s.types.includes(row.type)).map((s) => ({ event_id: row.id, subscriber: s.name }));
  }
}

function toDomainEvent(row: EventRow): DomainEvent {
  return {
    id: row.id,
    type: row.type,
    actorId: row.actorId,
    subject: { type: row.subjectType, id: row.subjectId },
    accountId: row.accountId,
    scope: { studioId: row.studioId, agentId: row.agentId, mainAgentId: row.mainAgentId, operatorId: row.operatorId },
    payload: row.payload,
    createdAt: row.createdAt,
  };
}
