import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What staff changed, one row per action, written in the same transaction as the change by the
 * module that made it: who (their id, role and email as they were), from where (address and
 * browser), when, what (an action on a target), and the values before and after. Append-only
 * (a trigger refuses updates and deletes, as on the ledger) and hash-chained: `seq` counts from
 * 1 without gaps and each row's `hash` covers its content and the previous row's hash, so an
 * edited, removed or inserted row breaks the chain where it happened (modules/audit/chain.ts).
 * No foreign keys: the record outlives the accounts and rows it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull(),
    actorId: integer(),
    actorRole: text(),
    actorEmail: text(),
    ip: text(),
    userAgent: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    /** A name a reader recognises the target by (an email, a package's name), as it was. */
    targetLabel: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.seq.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.seq.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.seq.desc().nullsFirst()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
