import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { eventDeliveries, events, type EventRow, type NewEventRow } from '../../db/schema/events.js';

export type { EventRow };

/** The SQL of the event outbox and of the deliveries ledger. */

export async function insertEvent(ex: Executor, values: NewEventRow): Promise<EventRow> {
  const [row] = await ex.insert(events).values(values).returning();
  return row!;
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
