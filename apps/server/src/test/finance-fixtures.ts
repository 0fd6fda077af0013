import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.js';

/**
 * Arranging finance tests: accounts wired into a network and paid orders, written straight to
 * the test database (what sign-up and checkout would do, without their rate limits), then paid
 * through the real fulfilment path.
 */

let serial = 0;

export async function addAccount(
  t: TestApp,
  values: { type: number; agentType?: 'main' | 'sub'; mainAgentId?: number | null; agentId?: number | null; studioId?: number | null; name?: string },
): Promise<number> {
  serial += 1;
  const email = `fin-${values.type}-${serial}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [row] = await t.query<{ id: number }>(sql`
    insert into accounts (email, password_hash, name, account_type, agent_type, main_agent_id, agent_id, studio_id, referral_code)
    values (${email}, 'x', ${values.name ?? email}, ${values.type}, ${values.agentType ?? null}, ${values.mainAgentId ?? null},
            ${values.agentId ?? null}, ${values.studioId ?? null}, ${`FIN${serial}${Math.random().toString(36).slice(2, 8)}`})
    returning id`);
  return row!.id;
}

export const idOf = async (t: TestApp, email: string) => (await t.query<{ id: number }>(sql`select id from accounts where email = ${email}`))[0]!.id;

/** A pending order as checkout writes it. */
export async function addOrder(t: TestApp, accountId: number, amountCents: number, packageType: 'business' | 'studio' | 'addon' = 'business', periods = 1): Promise<number> {
  const [row] = await t.query<{ id: number }>(sql`
    insert into orders (account_id, package_name, package_type, periods, amount_cents, provider)
    values (${accountId}, ${`Plan ${packageType}`}, ${packageType}, ${periods}, ${amountCents}, 'sandbox') returning id`);
  return row!.id;
}

/** A paid order: checkout, then fulfilment; answers the payment id. */
export async function pay(t: TestApp, accountId: number, amountCents: number, packageType: 'business' | 'studio' | 'addon' = 'business', periods = 1): Promise<number> {
  const orderId = await addOrder(t, accountId, amountCents, packageType, periods);
  await t.app.services.payments.fulfil(orderId, `test-${orderId}`);
  return (await t.query<{ id: number }>(sql`select id from payments where order_id = ${orderId}`))[0]!.id;
}

export async function sharesOf(t: TestApp, paymentId: number) {
  return t.query<{ role: string; beneficiary_id: number | null; amount_cents: number; reversed_cents: number; status: string; rule_version: number; rate_bps: number }>(sql`
    select role, beneficiary_id, amount_cents, reversed_cents, status, rule_version, rate_bps from commissions where payment_id = ${paymentId} order by id`);
}

export const byRole = (rows: { role: string; amount_cents: number }[]) => Object.fromEntries(rows.map((row) => [row.role, row.amount_cents]));
