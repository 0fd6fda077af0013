import { and, asc, count, desc, eq, inArray, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cityWaitlist, type WaitlistRow } from '../../db/schema/waitlist.js';

export type { WaitlistRow };
export type WaitlistStatusValue = WaitlistRow['status'];

/** The SQL of the cities' waitlists. */

const OPEN: WaitlistStatusValue[] = ['waiting', 'offered'];
const isOpen = inArray(cityWaitlist.status, OPEN);

/** The applicant's entry still in line, in whichever city. */
export async function openEntryOf(ex: Executor, accountId: number): Promise<WaitlistRow | undefined> {
  const [row] = await ex.select().from(cityWaitlist).where(and(eq(cityWaitlist.accountId, accountId), isOpen)).limit(1);
  return row;
}

export async function findEntry(ex: Executor, id: number): Promise<WaitlistRow | undefined> {
  const [row] = await ex.select().from(cityWaitlist).where(eq(cityWaitlist.id, id)).limit(1);
  return row;
}

/** The rank after every entry the city's line ever had: a new applicant joins at the back. */
export async function nextRank(ex: Executor, cityId: number): Promise<number> {
  const [row] = await ex.select({ top: max(cityWaitlist.rank) }).from(cityWaitlist).where(eq(cityWaitlist.cityId, cityId));
  return (row?.top ?? 0) + 1;
}

/** A new entry; undefined when the applicant is in a line already (the partial unique index). */
export async function insertEntry(ex: Executor, values: { cityId: number; accountId: number; rank: number; joinedAt: Date }): Promise<WaitlistRow | undefined> {
  const [row] = await ex.insert(cityWaitlist).values({ ...values, status: 'waiting' }).onConflictDoNothing().returning();
  return row;
}

/** A city's open entries in line order: those holding an offer, then those waiting. */
export async function openLine(ex: Executor, cityId: number): Promise<WaitlistRow[]> {
  return ex.select().from(cityWaitlist).where(and(eq(cityWaitlist.cityId, cityId), isOpen)).orderBy(asc(cityWaitlist.rank), asc(cityWaitlist.id));
}

/** The open lines of several cities, for numbering a page of entries. */
export async function openLines(ex: Executor, cityIds: number[]): Promise<WaitlistRow[]> {
  if (cityIds.length === 0) return [];
  return ex
    .select()
    .from(cityWaitlist)
    .where(and(inArray(cityWaitlist.cityId, cityIds), isOpen))
    .orderBy(asc(cityWaitlist.cityId), asc(cityWaitlist.rank), asc(cityWaitlist.id));
}

/** Cities with anyone in line: where the offer pass looks for freed places. */
export async function citiesWithOpenEntries(ex: Executor): Promise<number[]> {
  const rows = await ex.selectDistinct({ cityId: cityWaitlist.cityId }).from(cityWaitlist).where(isOpen).orderBy(asc(cityWaitlist.cityId));
  return rows.map((row) => row.cityId);
}

/** Ends the city's offers whose hold has run out: their places go back to the line. */
export async function lapseOffers(ex: Executor, cityId: number, now: Date): Promise<WaitlistRow[]> {
  return ex
    .update(cityWaitlist)
    .set({ status: 'lapsed', endedAt: now })
    .where(and(eq(cityWaitlist.cityId, cityId), eq(cityWaitlist.status, 'offered'), lte(cityWaitlist.holdUntil, now)))
    .returning();
}

/** Offers a waiting entry a place until `holdUntil`; undefined when it is no longer waiting. */
export async function offer(ex: Executor, id: number, now: Date, holdUntil: Date): Promise<WaitlistRow | undefined> {
  const [row] = await ex
    .update(cityWaitlist)
    .set({ status: 'offered', offeredAt: now, holdUntil })
    .where(and(eq(cityWaitlist.id, id), eq(cityWaitlist.status, 'waiting')))
    .returning();
  return row;
}

/** Takes an open entry out of line (left, removed or purchased); undefined when it was not open. */
export async function end(ex: Executor, id: number, status: 'left' | 'removed' | 'purchased', now: Date): Promise<WaitlistRow | undefined> {
  const [row] = await ex
    .update(cityWaitlist)
    .set({ status, endedAt: now })
    .where(and(eq(cityWaitlist.id, id), isOpen))
    .returning();
  return row;
}

/** Gives a city's waiting entries the ranks 1, 2, … in the order given. */
export async function renumber(ex: Executor, orderedIds: number[]): Promise<void> {
  for (const [index, id] of orderedIds.entries()) {
    await ex.update(cityWaitlist).set({ rank: index + 1 }).where(eq(cityWaitlist.id, id));
  }
}

export interface WaitlistFilter {
  accountId?: number | undefined;
  cityId?: number | undefined;
  status?: WaitlistStatusValue | undefined;
  open?: boolean | undefined;
}

function conditionOf(filter: WaitlistFilter): SQL | undefined {
  return and(
    filter.accountId === undefined ? undefined : eq(cityWaitlist.accountId, filter.accountId),
    filter.cityId === undefined ? undefined : eq(cityWaitlist.cityId, filter.cityId),
    filter.status === undefined ? undefined : eq(cityWaitlist.status, filter.status),
    filter.open ? isOpen : undefined,
  );
}

/**
 * A page of entries: open ones in line order (city by city), everything else newest first, so
 * a studio's current entry and a city's line read top down.
 */
export async function listEntries(ex: Executor, filter: WaitlistFilter, page: number, pageSize: number): Promise<{ rows: WaitlistRow[]; total: number }> {
  const where = conditionOf(filter);
  const order = filter.open
    ? [asc(cityWaitlist.cityId), asc(cityWaitlist.rank), asc(cityWaitlist.id)]
    : [sql`case when ${cityWaitlist.status} in ('waiting', 'offered') then 0 else 1 end`, desc(cityWaitlist.joinedAt), desc(cityWaitlist.id)];
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(cityWaitlist)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(cityWaitlist).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
