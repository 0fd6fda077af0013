import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.js';
import type { AnyJob, JobDefinition, JobQueue } from '../../jobs/queue.js';
import { EVENT_TYPES, isBulk, isEventType, parsePayload, subjectOf, type EventPayload, type EventType } from './catalogue.js';
import * as repo from './repository.js';
import type { EventRow, NewEventRow } from './repository.js';

/** The accounts above the account an event concerns, as they were when it happened. */
export interface EventScope {
  studioId: number | null;
  agentId: number | null;
  mainAgentId: number | null;
  operatorId: number | null;
}

/**
 * What a producer says of one event of type `T`: the account in whose scope it belongs, who did
 * it, what it is about (the subject's kind comes from the catalogue), its payload, and — for
 * history written by a seed — when it happened (now when left out).
 */
export interface NewEvent<T extends EventType> {
  actor_id: number | null;
  subject_id: number | string;
  account_id: number | null;
  payload: EventPayload<T>;
  at?: Date;
}

/** An event of the past as a seed writes it: what `record` takes, and when it happened. */
export type PastEvent<T extends EventType> = Omit<NewEvent<T>, 'at'> & { at: Date };

export interface DomainEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  actorId: number | null;
  subject: { type: string; id: string };
  accountId: number | null;
  scope: EventScope;
  payload: EventPayload<T>;
  /** When it happened. */
  createdAt: Date;
  /**
   * Recorded well after it happened (a seed writing the past): it counts on its own day, and
   * nobody is told of it now.
   */
  historical: boolean;
}

/** An event as the activity feed lists it. */
export interface FeedEvent {
  id: number;
  type: string;
  accountId: number | null;
  scope: EventScope;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Any event of the catalogue, narrowed by its `type`. */
export type AnyDomainEvent = { [T in EventType]: DomainEvent<T> }[EventType];

export type EventHandlers = { [T in EventType]?: (event: DomainEvent<T>, tx: Tx) => Promise<void> };

/**
 * A reaction to events: one typed handler per event type it cares about. A handler runs inside
 * a transaction that also records the delivery, so its effect and "this subscriber has seen
 * this event" commit together: it is called at least once per event, and its effect happens once.
 */
export interface Subscriber {
  name: string;
  handlers: EventHandlers;
  /**
   * Runs once in each delivery transaction after its handlers, before it commits: for a
   * subscriber whose handlers gather their effects and write them together (a replay hands
   * hundreds of events to one transaction).
   */
  settle?: (tx: Tx) => Promise<void>;
  /**
   * Runs before the handlers of a replay's batch, with the events they will be handed: for a
   * subscriber whose handlers each read a row, to read them all in one statement. Handlers must
   * not depend on it (a single delivery does not call it).
   */
  prepare?: (tx: Tx, events: readonly AnyDomainEvent[]) => Promise<void>;
}

/** The event types a subscriber handles. */
export const typesOf = (subscriber: Subscriber): EventType[] => EVENT_TYPES.filter((type) => subscriber.handlers[type] !== undefined);

export type ScopeResolver = (ex: Executor, accountId: number) => Promise<EventScope>;

export const DISPATCH_JOB = 'events.dispatch';
export const DELIVER_JOB = 'events.deliver';
const DISPATCH_BATCH = 100;
/** Deliveries one worker takes per fetch: a backlog drains in batches, not one job per poll. */
const DELIVER_BATCH = 50;
const NO_SCOPE: EventScope = { studioId: null, agentId: null, mainAgentId: null, operatorId: null };
/** Recorded this long after it happened, an event is history (a seed), not news. */
const HISTORY_AFTER_MS = 10 * 60_000;
/** History is written this many events to a statement. */
const HISTORY_BATCH = 500;
/** A replay hands over this many events per transaction: one commit per event would cost more than the handlers. */
const REPLAY_BATCH = 500;

/**
 * Delivery priorities: what someone is waiting for goes first; a backlog — what a seed recorded
 * through the services at its past time, the statistics collector's readings — comes after, so it
 * never holds up fresh events.
 */
const PRIORITY_FRESH = 10;
const PRIORITY_BACKLOG = 0;

interface Delivery {
  event_id: number;
  subscriber: string;
}

/**
 * The transactional outbox (design.md "Events"). `record` checks the payload against the
 * catalogue, writes the event in the caller's transaction and, when the job queue runs in this
 * process (serving or working), enqueues one delivery job per subscriber in that same
 * transaction, so the jobs exist exactly when the event does; the queue wakes its workers on
 * commit. Events recorded while no queue runs (scripts, the demo seed, a queue that is starting)
 * are left undispatched; the dispatch job — at start and on a one-minute schedule — claims them
 * with FOR UPDATE SKIP LOCKED and enqueues their deliveries, on any instance. History a seed
 * writes (`history`) is never dispatched; `replay` hands it to a subscriber that keeps a copy.
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

  async record<T extends EventType>(tx: Executor, type: T, event: NewEvent<T>): Promise<number> {
    // A payload its readers cannot rely on is the producer's bug: it fails the producer's change.
    const payload = parsePayload(type, event.payload);
    const scope = event.account_id === null ? NO_SCOPE : await this.scopeOf(tx, event.account_id);
    const fanOut = this.jobs.running;
    const row = await repo.insertEvent(tx, eventRow(type, event, payload, scope, fanOut ? new Date() : null));
    if (fanOut) await this.enqueue(tx, [row]);
    return row.id;
  }

  /**
   * Recent events in one scope (the activity feed), newest first. The feed shows what a payload
   * says as it was stored, so history from older versions still reads.
   */
  async feed(filter: repo.FeedFilter): Promise<FeedEvent[]> {
    return (await repo.feed(this.db, filter)).map((row) => ({
      id: row.id,
      type: row.type,
      accountId: row.accountId,
      scope: { studioId: row.studioId, agentId: row.agentId, mainAgentId: row.mainAgentId, operatorId: row.operatorId },
      payload: row.payload,
      createdAt: row.createdAt,
    }));
  }

  /** Enqueues the deliveries of events recorded while no queue ran; answers how many events. */
  async dispatchPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.db.transaction(async (tx) => {
        const rows = await repo.claimUndispatched(tx, DISPATCH_BATCH);
        await this.enqueue(tx, rows);
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
      await handle(subscriber, event, tx);
      await subscriber.settle?.(tx);
      return 'delivered';
    });
  }

  /**
   * Hands a subscriber every stored event of its types that it has not handled yet, in the order
   * they were recorded, through the same delivery a job makes: each event's delivery row and the
   * subscriber's effect commit together, so an event counts once whether the replay or a job
   * hands it over first. This is how a subscriber that keeps a copy of the past (the dashboard's
   * rollups) takes in history, which is never dispatched (`HistoryWriter`). A batch of events per
   * transaction; answers how many it handed over.
   */
  async replay(name: string): Promise<number> {
    const subscriber = this.subscribers.get(name);
    if (!subscriber) throw new Error(`No subscriber ${name} in this instance`);
    const types = typesOf(subscriber);
    let after = 0;
    let total = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await repo.windowAfter(tx, subscriber.name, types, after, REPLAY_BATCH);
        // Another transaction (a delivery job) may hold some of them: those are its to count.
        const claimed = new Set(
          await repo.claimDeliveries(
            tx,
            rows.filter((row) => !row.handled).map((row) => row.id),
            subscriber.name,
          ),
        );
        const owed = rows.filter((row) => claimed.has(row.id)).map(toDomainEvent);
        await subscriber.prepare?.(tx, owed);
        for (const event of owed) await handleEvent(subscriber, event, tx);
        await subscriber.settle?.(tx);
        return { size: rows.length, last: rows.at(-1)?.id ?? after, handled: claimed.size };
      });
      total += batch.handled;
      after = batch.last;
      if (batch.size < REPLAY_BATCH) return total;
    }
  }

  /** A writer of history into `ex`, each event scoped as `record` scopes it. */
  history(ex: Executor): HistoryWriter {
    return new HistoryWriter(ex, this.scopeOf);
  }

  /**
   * Moves the history of one subject, of one type, to `at`: for a seed that dates an account
   * after another seed wrote its arrival (the demo network makes the demo accounts older). Only
   * events no subscriber has handled move; answers how many.
   */
  async backdate(ex: Executor, type: EventType, subjectId: number | string, at: Date): Promise<number> {
    return repo.redateUnhandled(ex, type, String(subjectId), at);
  }

  /** The outbox's two jobs, listed in the job registry. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
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
      batchSize: DELIVER_BATCH,
      // A subscriber that keeps failing ends in pg-boss's failed state after about an hour of tries.
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
      handler: async (data) => {
        const outcome = await this.deliver(data);
        if (outcome === 'gone') log.warn(data, 'event delivery dropped: the event no longer exists');
      },
    };
    return [dispatch, deliver];
  }

  /** After the queue starts: owed deliveries go out now rather than at the next minute. */
  async kick(): Promise<void> {
    await this.jobs.send(DISPATCH_JOB, {});
  }

  /** One delivery job per subscriber of each event, fresh events ahead of any backlog. */
  private async enqueue(tx: Executor, rows: readonly EventRow[]): Promise<void> {
    const byPriority = new Map<number, Delivery[]>();
    for (const row of rows) {
      if (!isEventType(row.type)) continue;
      const priority = isBulk(row.type) || isHistorical(row) ? PRIORITY_BACKLOG : PRIORITY_FRESH;
      const deliveries = [...this.subscribers.values()]
        .filter((s) => s.handlers[row.type as EventType] !== undefined)
        .map((s) => ({ event_id: row.id, subscriber: s.name }));
      byPriority.set(priority, [...(byPriority.get(priority) ?? []), ...deliveries]);
    }
    for (const [priority, deliveries] of byPriority) await this.jobs.sendWithin(tx, DELIVER_JOB, deliveries, { priority });
  }
}

/** The stored row of a catalogued event, its payload already checked and its scope read. */
function eventRow<T extends EventType>(type: T, event: NewEvent<T>, payload: EventPayload<T>, scope: EventScope, dispatchedAt: Date | null): NewEventRow {
  return {
    type,
    actorId: event.actor_id,
    subjectType: subjectOf(type),
    subjectId: String(event.subject_id),
    accountId: event.account_id,
    ...scope,
    payload,
    ...(event.at ? { createdAt: event.at } : {}),
    dispatchedAt,
  };
}

/**
 * Writes history: what a seed knows happened before it ran, as the catalogue's events, each at
 * its own time and in the scope its account stands in as the seed leaves it (a seed writes its
 * world as it was made, so that is the scope it happened in). Payloads are checked as `record`
 * checks them. History is stored as already dispatched: no delivery job is ever made for it, so
 * no subscriber acts on it as news (a notice, a mail); a subscriber that keeps a copy of the
 * past takes it in with `EventService.replay`. Events are written in the order they are added,
 * a statement per batch; `flush` writes the rest.
 */
export class HistoryWriter {
  private pending: NewEventRow[] = [];
  /** Scopes already read: a seed writes many events about one account. */
  private readonly scopes = new Map<number, EventScope>();
  private written = 0;

  constructor(
    private readonly ex: Executor,
    private readonly scopeOf: ScopeResolver,
  ) {}

  async add<T extends EventType>(type: T, event: PastEvent<T>): Promise<void> {
    const payload = parsePayload(type, event.payload);
    const scope = event.account_id === null ? NO_SCOPE : await this.scopeFor(event.account_id);
    this.pending.push(eventRow(type, event, payload, scope, new Date()));
    if (this.pending.length >= HISTORY_BATCH) await this.flush();
  }

  /** Writes what is still pending; answers how many events this writer has written. */
  async flush(): Promise<number> {
    const rows = this.pending;
    this.pending = [];
    await repo.insertEvents(this.ex, rows);
    this.written += rows.length;
    return this.written;
  }

  private async scopeFor(accountId: number): Promise<EventScope> {
    let scope = this.scopes.get(accountId);
    if (!scope) {
      scope = await this.scopeOf(this.ex, accountId);
      this.scopes.set(accountId, scope);
    }
    return scope;
  }
}

/** Runs a subscriber's handler for a stored event, in the transaction that records its delivery. */
async function handle(subscriber: Subscriber, row: EventRow, tx: Tx): Promise<void> {
  await handleEvent(subscriber, toDomainEvent(row), tx);
}

async function handleEvent(subscriber: Subscriber, domainEvent: AnyDomainEvent, tx: Tx): Promise<void> {
  // The subscriber set of an event is fixed when it is dispatched: a handler removed since
  // (a rolling deploy) has nothing to do.
  const handler = subscriber.handlers[domainEvent.type] as ((event: AnyDomainEvent, tx: Tx) => Promise<void>) | undefined;
  await handler?.(domainEvent, tx);
}

const isHistorical = (row: EventRow): boolean => row.recordedAt.getTime() - row.createdAt.getTime() > HISTORY_AFTER_MS;

/**
 * A stored event as its readers see it, its payload checked against the catalogue: a row that
 * no longer fits (written by an older version and not migrated) fails its delivery visibly
 * rather than reaching a handler with fields missing.
 */
function toDomainEvent(row: EventRow): AnyDomainEvent {
  if (!isEventType(row.type)) throw new Error(`Event ${row.id} has a type outside the catalogue: ${row.type}`);
  return {
    id: row.id,
    type: row.type,
    actorId: row.actorId,
    subject: { type: row.subjectType, id: row.subjectId },
    accountId: row.accountId,
    scope: { studioId: row.studioId, agentId: row.agentId, mainAgentId: row.mainAgentId, operatorId: row.operatorId },
    payload: parsePayload(row.type, row.payload),
    createdAt: row.createdAt,
    historical: isHistorical(row),
  } as AnyDomainEvent;
}
