import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { monthlyReports, type MonthlyReportRow } from '../../db/schema/report.js';

export type { MonthlyReportRow };

/** Stores a month's report; null when the merchant already has one for that month. */
export async function insert(ex: Executor, values: typeof monthlyReports.$inferInsert): Promise<MonthlyReportRow | null> {
  const [row] = await ex.insert(monthlyReports).values(values).onConflictDoNothing({ target: [monthlyReports.merchantId, monthlyReports.month] }).returning();
  return row ?? null;
}

/** Of these merchants, the ones with a report for the month. */
export async function merchantsWithReport(ex: Executor, month: string, merchantIds: number[]): Promise<Set<number>> {
  if (merchantIds.length === 0) return new Set();
  const rows = await ex
    .select({ id: monthlyReports.merchantId })
    .from(monthlyReports)
    .where(and(eq(monthlyReports.month, month), inArray(monthlyReports.merchantId, merchantIds)));
  return new Set(rows.map((row) => row.id));
}

/** A report, when its merchant is among `visible` (a subquery of merchant ids). */
export async function findVisible(ex: Executor, id: number, visible: SQL): Promise<MonthlyReportRow | undefined> {
  const [row] = await ex
    .select()
    .from(monthlyReports)
    .where(and(eq(monthlyReports.id, id), sql`${monthlyReports.merchantId} in ${visible}`));
  return row;
}

/** The reports of the merchants in `visible` (one of them when asked), newest month first. */
export async function list(ex: Executor, visible: SQL, merchantId: number | undefined, page: number, pageSize: number) {
  const where = and(sql`${monthlyReports.merchantId} in ${visible}`, merchantId === undefined ? undefined : eq(monthlyReports.merchantId, merchantId));
  const [rows, [count]] = await Promise.all([
    ex
      .select()
      .from(monthlyReports)
      .where(where)
      .orderBy(desc(monthlyReports.month), desc(monthlyReports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ total: sql<number>`count(*)::int` }).from(monthlyReports).where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Remembers where a language's PDF is kept. */
export async function savePdfKey(ex: Executor, id: number, language: string, key: string): Promise<void> {
  await ex
    .update(monthlyReports)
    .set({ pdfKeys: sql`${monthlyReports.pdfKeys} || ${JSON.stringify({ [language]: key })}::jsonb` })
    .where(eq(monthlyReports.id, id));
}
