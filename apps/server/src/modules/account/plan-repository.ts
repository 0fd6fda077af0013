import { and, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { ACCOUNT_TYPE, PAY_STATUS } from '@nearcast/contract';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/account.js';

/**
 * The SQL of an account's plan: what a paid order and a refund do to it, its expiry, and the
 * accounts picked by their plan's dates (reminders, monthly reports). Apart from the profile
 * because payments and finance change it inside their own transactions.
 */

export interface Purchase {
  amountCents: number;
  /** Days added to the plan: 30 per period; 0 for an add-on. */
  days: number;
  usedFirstDiscount: boolean;
  /** A studio's city, chosen at checkout. */
  place?: { cityId: number; city: string; stateId: number | null; state: string; countryId: number | null; country: string } | undefined;
}

/**
 * A paid order's effect on its buyer, inside the fulfilment transaction: paid, the plan
 * extended from the later of now and the current expiry, counters moved.
 */
export async function applyPurchase(ex: Executor, accountId: number, purchase: Purchase) {
  const [row] = await ex
    .update(accounts)
    .set({
      ...(purchase.days > 0
        ? {
            payStatus: 1,
            expireAt: sql`greatest(coalesce(${accounts.expireAt}, now()), now()) + make_interval(days => ${purchase.days})`,
          }
        : {}),
      firstDiscountUsed: purchase.usedFirstDiscount ? true : sql`${accounts.firstDiscountUsed}`,
      orderCount: sql`${accounts.orderCount} + 1`,
      consumptionCents: sql`${accounts.consumptionCents} + ${purchase.amountCents}`,
      ...(purchase.place
        ? {
            cityId: purchase.place.cityId,
            city: purchase.place.city,
            stateId: purchase.place.stateId,
            state: purchase.place.state,
            countryId: purchase.place.countryId,
            country: purchase.place.country,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.id, accountId))
    .returning();
  return row;
}

/**
 * A full refund's effect on its buyer, inside the refund's transaction: the plan days the
 * payment bought are taken back, and a plan that thereby ends in the past is expired at once.
 */
export async function takeBackPlan(ex: Executor, accountId: number, days: number) {
  const [row] = await ex
    .update(accounts)
    .set({
      expireAt: sql`${accounts.expireAt} - make_interval(days => ${days})`,
      payStatus: sql`case when ${accounts.payStatus} = 1 and ${accounts.expireAt} - make_interval(days => ${days}) <= now() then 2 else ${accounts.payStatus} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(accounts.id, accountId), isNotNull(accounts.expireAt)))
    .returning();
  return row;
}

/** Marks every paid plan past its expiry as expired; safe to run from several instances at once. */
export async function expireOverdue(ex: Executor): Promise<number> {
  const rows = await ex
    .update(accounts)
    .set({ payStatus: 2, updatedAt: sql`now()` })
    .where(and(eq(accounts.payStatus, 1), sql`${accounts.expireAt} < now()`))
    .returning({ id: accounts.id });
  return rows.length;
}

/**
 * Merchants whose plan ran at some time since `since` (it expires after it) and that existed
 * before `before`: the merchants a month's report is made for, with the state that sets their
 * time zone.
 */
export async function merchantsWithPlanSince(ex: Executor, since: Date, before: Date): Promise<{ id: number; stateId: number | null }[]> {
  return ex
    .select({ id: accounts.id, stateId: accounts.stateId })
    .from(accounts)
    .where(and(eq(accounts.accountType, ACCOUNT_TYPE.client), gt(accounts.expireAt, since), lt(accounts.createdAt, before)))
    .orderBy(accounts.id);
}

/** Paid plans (clients and studios) whose expiry falls in [from, to): the plan reminders' recipients. */
export async function paidPlansExpiringBetween(ex: Executor, from: Date, to: Date): Promise<{ id: number; expireAt: Date }[]> {
  const rows = await ex
    .select({ id: accounts.id, expireAt: accounts.expireAt })
    .from(accounts)
    .where(
      and(
        inArray(accounts.accountType, [ACCOUNT_TYPE.client, ACCOUNT_TYPE.studio]),
        eq(accounts.payStatus, PAY_STATUS.paid),
        gt(accounts.expireAt, from),
        lte(accounts.expireAt, to),
        eq(accounts.status, 'normal'),
      ),
    );
  return rows.filter((row): row is { id: number; expireAt: Date } => row.expireAt !== null);
}
