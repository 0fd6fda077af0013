import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What happened, recorded by the module that caused it in the same transaction as the change
 * (a transactional outbox), and kept: who did it (`actorId`), to what (`subjectType`,
 * `subjectId`), and in whose scope — the account it concerns and, as they were at that moment,
 * that account's studio, agent, main agent and operator — so that an activity feed reads a
 * caller's events through one index without joining today's assignments. No foreign keys: the
 * history outlives any later change to the accounts it names.
 */
export const events = pgTable(
  'events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text().notNull(),
    actorId: integer(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    accountId: integer(),
    studioId: integer(),
    agentId: integer(),
    mainAgentId: integer(),
    operatorId: integer(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** When it happened: now, or for history written by a seed, the time of what it describes. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was written; far after `createdAt`, the event is history and tells nobody. */
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the event's delivery jobs were enqueued; null while the dispatcher still owes them. */
    dispatchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One index per kind of scope (access/scope.ts), each in the feed's order: newest id first.
    // In the order of `created_at` instead, the feed read a scope's events by walking every
    // event's id backwards, past a million statistics readings that no feed shows. Nothing reads
    // events by `created_at`, so nothing indexes it: each index is one more write per event.
    index('events_account_idx').on(t.accountId, t.id.desc().nullsFirst()),
    index('events_studio_idx').on(t.studioId, t.id.desc().nullsFirst()),
    index('events_agent_idx').on(t.agentId, t.id.desc().nullsFirst()),
    index('events_main_agent_idx').on(t.mainAgentId, t.id.desc().nullsFirst()),
    index('events_operator_idx').on(t.operatorId, t.id.desc().nullsFirst()),
    index('events_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * Which subscriber has handled which event, written in the subscriber's own transaction together
 * with its effect: a second delivery of the same event finds its row and changes nothing.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subscriber: text().notNull(),
    deliveredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
