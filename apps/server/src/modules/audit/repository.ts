import { and, asc, count, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, type AuditRow } from '../../db/schema/audit.js';

export type { AuditRow };
import { GENESIS, type ChainedContent } from './chain.js';

/** Distinguishes the audit log's advisory lock from every other module's. */
const APPEND_LOCK = 7_420_301;

/**
 * Takes the chain's lock until the transaction ends and answers where the chain stands: the
 * last entry's place and hash. Appends queue here one behind the other, so no two entries ever
 * follow the same predecessor.
 */
export async function lockHead(tx: Executor): Promise<{ seq: number; hash: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK}::int)`);
  const [last] = await tx.select({ seq: auditLog.seq, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return last ?? { seq: 0, hash: GENESIS };
}

export async function insertEntry(tx: Executor, row: ChainedContent & { prevHash: string; hash: string }): Promise<void> {
  await tx.insert(auditLog).values({ ...row, at: new Date(row.at) });
}

export interface AuditFilter {
  action?: string;
  actorId?: number;
  targetType?: string;
  targetId?: string;
  /** Days, inclusive (UTC). */
  dateFrom?: string;
  dateTo?: string;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorId !== undefined ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.dateFrom ? gte(auditLog.at, new Date(`${filter.dateFrom}T00:00:00Z`)) : undefined,
    filter.dateTo ? lt(auditLog.at, dayAfter(filter.dateTo)) : undefined,
  );
}

/** Newest first. */
export async function listEntries(ex: Executor, filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    ex.select().from(auditLog).where(where).orderBy(desc(auditLog.seq)).limit(page.limit).offset(page.offset),
    ex.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The entries after `seq`, oldest first: the chain check reads the whole log this way, a page at a time. */
export async function entriesAfter(ex: Executor, seq: number, limit: number): Promise<AuditRow[]> {
  return ex.select().from(auditLog).where(gt(auditLog.seq, seq)).orderBy(asc(auditLog.seq)).limit(limit);
}
