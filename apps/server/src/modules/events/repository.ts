import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { intArrayLiteral } from '../../db/array-literal.js';
import { selectRows, type Executor } from '../../db/client.js';
import { eventDeliveries, events, type EventRow, type NewEventRow } from '../../db/schema/events.js';

export type { EventRow, NewEventRow };

/** The SQL of the event outbox and of the deliveries ledger. */

export async function insertEvent(ex: Executor, values: NewEventRow): Promise<EventRow> {
  const [row] = await ex.insert(events).values(values).returning();
  return row!;
}

/** Many events in one statement (history written by a seed), in the order given. */
export async function insertEvents(ex: Executor, values: readonly NewEventRow[]): Promise<void> {
  if (values.length === 0) return;
  await ex.insert(events).values([...values]);
}

export async function findEvent(ex: Executor, id: number): Promise<EventRow | undefined> {
  const [row] = await ex.select().from(events).where(eq(events.id, id)).limit(1);
  return row;
}

/**
 * Up to `limit` events whose delivery jobs are still owed, locked for this transaction; rows
 * another instance is dispatching right now are skipped rather than waited for.
 */
export async function claimUndispatched(ex: Executor, limit: number): Promise<EventRow[]> {
  return ex.select().from(events).where(isNull(events.dispatchedAt)).orderBy(events.id).limit(limit).for('update', { skipLocked: true });
}

export async function markDispatched(ex: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(events)
    .set({ dispatchedAt: new Date() })
    .where(and(inArray(events.id, [...ids]), isNull(events.dispatchedAt)));
}

/**
 * Records that `subscriber` handles `eventId` in this transaction: true the first time, false
 * when it already has (or another transaction is doing so and commits first).
 */
export async function claimDelivery(ex: Executor, eventId: number, subscriber: string): Promise<boolean> {
  const rows = await ex.insert(eventDeliveries).values({ eventId, subscriber }).onConflictDoNothing().returning({ eventId: eventDeliveries.eventId });
  return rows.length === 1;
}

/**
 * The next `limit` events of some types after `afterId`, in the order they were recorded, each
 * saying whether `subscriber` has handled it. The window is taken first and each of its events
 * looked up in the deliveries' key: an anti-join of all events against all deliveries is planned
 * from statistics taken when the deliveries were few (a replay starts on an empty table and fills
 * it), and then read the whole delivery index once per batch, longer with every batch. The
 * look-up is a scalar subquery with `limit 1`, not `exists`: on the same stale statistics the
 * planner hashes an `exists` by reading every delivery of the subscriber once per batch (2.6 s a
 * batch at 1.9 million deliveries), while a limited subquery can only be run per event, through
 * the key (10 ms).
 */
export async function windowAfter(
  ex: Executor,
  subscriber: string,
  types: readonly string[],
  afterId: number,
  limit: number,
): Promise<(EventRow & { handled: boolean })[]> {
  return ex
    .select({
      ...getTableColumns(events),
      handled: sql<boolean>`coalesce((select true from ${eventDeliveries} where ${eventDeliveries.eventId} = ${events.id} and ${eventDeliveries.subscriber} = ${subscriber} limit 1), false)`,
    })
    .from(events)
    .where(and(gt(events.id, afterId), inArray(events.type, [...types])))
    .orderBy(asc(events.id))
    .limit(limit);
}

/** `claimDelivery` for many events at once: the ids this transaction claimed. */
export async function claimDeliveries(ex: Executor, eventIds: readonly number[], subscriber: string): Promise<number[]> {
  if (eventIds.length === 0) return [];
  // The ids as one array, not a fragment each: a replay claims events by the hundred, and
  // building one drizzle value per row cost more than the insert.
  const rows = await selectRows<{ event_id: number | string }>(
    ex,
    sql`insert into ${eventDeliveries} (event_id, subscriber)
        select id, ${subscriber} from unnest(${intArrayLiteral(eventIds)}) as claimed(id)
        on conflict do nothing returning event_id`,
  );
  return rows.map((row) => Number(row.event_id));
}

/**
 * Moves the events of one type about one subject that no subscriber has handled yet to `at`:
 * history a seed wrote before it settled when the thing happened.
 */
export async function redateUnhandled(ex: Executor, type: string, subjectId: string, at: Date): Promise<number> {
  const rows = await ex
    .update(events)
    .set({ createdAt: at })
    .where(
      and(
        eq(events.type, type),
        eq(events.subjectId, subjectId),
        notExists(ex.select({ one: eventDeliveries.eventId }).from(eventDeliveries).where(eq(eventDeliveries.eventId, events.id))),
      ),
    )
    .returning({ id: events.id });
  return rows.length;
}

/** Which events a feed shows: a scope column equal to an id (none: all), of some types, before an id. */
export interface FeedFilter {
  column: 'account' | 'studio' | 'agent' | 'main_agent' | 'operator' | null;
  id: number;
  types: readonly string[];
  beforeId?: number;
  limit: number;
}

/** Newest first, through the scope column's index (schema/events.ts). */
export async function feed(ex: Executor, filter: FeedFilter): Promise<EventRow[]> {
  const column = {
    account: events.accountId,
    studio: events.studioId,
    agent: events.agentId,
    main_agent: events.mainAgentId,
    operator: events.operatorId,
  } as const;
  return ex
    .select()
    .from(events)
    .where(
      and(
        filter.column === null ? undefined : eq(column[filter.column], filter.id),
        inArray(events.type, [...filter.types]),
        filter.beforeId === undefined ? undefined : lt(events.id, filter.beforeId),
      ),
    )
    .orderBy(desc(events.id))
    .limit(filter.limit);
}
