import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.js';

/**
 * Gives accounts an active plan of 30 days, as a paid checkout would. Accounts a test makes
 * through /v1/account/add start unpaid, and a client or studio without an active plan is
 * refused nearly everything (plan gating, docs/decisions/053).
 */
export async function givePlan(t: TestApp, ...emails: string[]): Promise<void> {
  for (const email of emails) {
    await t.query(sql`update accounts set pay_status = 1, expire_at = now() + interval '30 days' where email = ${email}`);
  }
}
