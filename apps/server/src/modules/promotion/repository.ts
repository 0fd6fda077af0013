import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { promotionDaily, promotionReferrals, promotionSalts, promotionVisits } from '../../db/schema/promotion.js';

/** The SQL of promotion attribution: visits, the accounts links brought, and the daily funnel. */

/** The day's salt, made by whoever asks first (two first askers agree on the one stored). */
export async function saltOf(ex: Executor, day: string, fresh: string): Promise<string> {
  await ex.insert(promotionSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await ex.select({ salt: promotionSalts.salt }).from(promotionSalts).where(eq(promotionSalts.day, day)).limit(1);
  return row!.salt;
}

/** Salts of days before `day`: once gone, those days' visitor hashes can be tied to no one. */
export async function dropSaltsBefore(ex: Executor, day: string): Promise<number> {
  const dropped = await ex.delete(promotionSalts).where(lt(promotionSalts.day, day)).returning({ day: promotionSalts.day });
  return dropped.length;
}

/** How many distinct visitors one address brought to an owner's link on a day. */
export async function visitorsFrom(ex: Executor, ownerId: number, day: string, origin: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(promotionVisits)
    .where(and(eq(promotionVisits.ownerId, ownerId), eq(promotionVisits.day, day), eq(promotionVisits.origin, origin)));
  return Number(row?.n ?? 0);
}

/** A visitor's first visit of the day to an owner's link; false when it had visited already. */
export async function recordVisit(ex: Executor, visit: { ownerId: number; day: string; visitor: string; origin: string; source: 'link' | 'qr' }): Promise<boolean> {
  const rows = await ex.insert(promotionVisits).values(visit).onConflictDoNothing().returning({ day: promotionVisits.day });
  return rows.length > 0;
}

export async function insertReferral(ex: Executor, accountId: number, ownerId: number, at: Date): Promise<boolean> {
  const rows = await ex.insert(promotionReferrals).values({ accountId, ownerId, signedUpAt: at }).onConflictDoNothing().returning({ id: promotionReferrals.accountId });
  return rows.length > 0;
}

export async function referralOf(ex: Executor, accountId: number) {
  const [row] = await ex.select().from(promotionReferrals).where(eq(promotionReferrals.accountId, accountId)).limit(1);
  return row;
}

/** Marks the referral's first payment; false when it had paid before. */
export async function markFirstPaid(ex: Executor, accountId: number, at: Date): Promise<boolean> {
  const rows = await ex
    .update(promotionReferrals)
    .set({ firstPaidAt: at })
    .where(and(eq(promotionReferrals.accountId, accountId), sql`${promotionReferrals.firstPaidAt} is null`))
    .returning({ id: promotionReferrals.accountId });
  return rows.length > 0;
}

/** Adds to an owner's day of the funnel (a negative commission is a refund taking some back). */
export async function addToDay(ex: Executor, ownerId: number, day: string, add: { signups?: number; paid?: number; commissionCents?: number }): Promise<void> {
  const signups = add.signups ?? 0;
  const paid = add.paid ?? 0;
  const commissionCents = add.commissionCents ?? 0;
  await ex
    .insert(promotionDaily)
    .values({ ownerId, day, signups, paid, commissionCents })
    .onConflictDoUpdate({
      target: [promotionDaily.ownerId, promotionDaily.day],
      set: {
        signups: sql`${promotionDaily.signups} + ${signups}`,
        paid: sql`${promotionDaily.paid} + ${paid}`,
        commissionCents: sql`${promotionDaily.commissionCents} + ${commissionCents}`,
      },
    });
}

export interface DayCounts {
  day: string;
  visits: number;
  scans: number;
  signups: number;
  paid: number;
  commissionCents: number;
}

/** An owner's funnel for the days from `from` (inclusive), only days with something in them. */
export async function funnelSince(ex: Executor, ownerId: number, from: string): Promise<DayCounts[]> {
  const [visits, daily] = await Promise.all([
    ex
      .select({
        day: promotionVisits.day,
        visits: sql<number>`count(*)::int`,
        scans: sql<number>`(count(*) filter (where ${promotionVisits.source} = 'qr'))::int`,
      })
      .from(promotionVisits)
      .where(and(eq(promotionVisits.ownerId, ownerId), gte(promotionVisits.day, from)))
      .groupBy(promotionVisits.day)
      .orderBy(asc(promotionVisits.day)),
    ex
      .select()
      .from(promotionDaily)
      .where(and(eq(promotionDaily.ownerId, ownerId), gte(promotionDaily.day, from)))
      .orderBy(asc(promotionDaily.day)),
  ]);
  const days = new Map<string, DayCounts>();
  const at = (day: string) => {
    let found = days.get(day);
    if (!found) {
      found = { day, visits: 0, scans: 0, signups: 0, paid: 0, commissionCents: 0 };
      days.set(day, found);
    }
    return found;
  };
  for (const row of visits) Object.assign(at(row.day), { visits: Number(row.visits), scans: Number(row.scans) });
  for (const row of daily) Object.assign(at(row.day), { signups: row.signups, paid: row.paid, commissionCents: Number(row.commissionCents) });
  return [...days.values()];
}
