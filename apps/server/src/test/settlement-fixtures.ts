import type { Actor } from '../access/caller.js';
import { sql } from 'drizzle-orm';
import { mediaFile } from './media-samples.js';
import { multipartBody } from './multipart.js';
import type { TestApp } from './harness.js';

/**
 * Money for settlement tests, made the way it is made in production: a merchant buys its plan
 * through the sandbox checkout (commissions post in the fulfilment), the holding period ends
 * (the release the job runs, at a time past it), and staff approve payout details submitted
 * through the verification page with an uploaded document.
 */

/** The merchant pays for its business plan once more; answers the amount paid. */
export async function merchantPays(t: TestApp, clientToken: string): Promise<number> {
  const [pkg] = await t.query<{ id: number }>(sql`select id from packages where type = 'business' and status = 'enabled' order by id limit 1`);
  const checkout = await t.call<{ session_id: string; amount_cents: number }>('/v1/payment/stripe', { package_id: pkg!.id }, { token: clientToken });
  if (checkout.code !== '200') throw new Error(`checkout failed: ${checkout.msg}`);
  const decided = await t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${checkout.data.session_id}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (decided.statusCode !== 303) throw new Error(`sandbox pay answered ${decided.statusCode}`);
  const verified = await t.call<{ status: string }>('/v1/payment/stripe/callback', { session_id: checkout.data.session_id }, { token: clientToken });
  if (verified.data.status !== 'paid') throw new Error(`payment not paid: ${verified.msg}`);
  return checkout.data.amount_cents;
}

/** Ends the holding period of every pending earning, as the job would a few weeks later. */
export async function holdingPeriodPasses(t: TestApp): Promise<void> {
  await t.app.services.finance.releaseDue(new Date(Date.now() + 400 * 86_400_000));
}

/** A party's balances by purpose, as the ledger keeps them. */
export async function balancesOf(t: TestApp, accountId: number) {
  return (await t.app.services.ledger.balancesOf([accountId])).get(accountId)!;
}

/** The payee submits payout details with a document, and staff approve them. */
export async function payoutVerified(t: TestApp, payeeToken: string, staffToken: string): Promise<void> {
  const form = multipartBody({ purpose: 'image' }, { filename: 'id.png', contentType: 'image/png', content: mediaFile('png') });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v1/base/oss/temp',
    headers: { ...form.headers, authorization: `Bearer ${payeeToken}` },
    payload: form.body,
  });
  const uploadId = (uploaded.json() as { data: { id: number } }).data.id;
  const submitted = await t.call<{ id: number }>(
    '/v1/verification/submit',
    {
      legal_name: 'Payee Legal Name LLC',
      tax_kind: 'business',
      tax_number: '12-3456789',
      holder_name: 'Payee Legal Name LLC',
      routing_number: '021000021',
      account_number: '000123456789',
      document_upload_id: uploadId,
    },
    { token: payeeToken },
  );
  if (submitted.code !== '200') throw new Error(`verification submit failed: ${submitted.msg}`);
  const approved = await t.call('/v1/verification/approve', { id: submitted.data.id }, { token: staffToken });
  if (approved.code !== '200') throw new Error(`verification approve failed: ${approved.msg}`);
}

/** Account ids by the local part of the demo emails (`studio`, `agent`, …). */
export async function demoIds(t: TestApp): Promise<Map<string, number>> {
  const rows = await t.query<{ id: number; email: string }>(sql`select id, email from accounts`);
  return new Map(rows.map((row) => [row.email.replace('@example.com', ''), row.id]));
}

/** The demo accounts these tests act as: each signed in once, with its token and its id by name. */
export interface DemoSessions {
  token(name: string): string;
  id(name: string): number;
  /** A staff account as the actor of a service called directly, outside an API call (so not audited). */
  staff(name: 'admin' | 'super'): Actor;
}

export async function demoSessions(t: TestApp, names: readonly string[]): Promise<DemoSessions> {
  const tokens = new Map<string, string>();
  for (const name of names) tokens.set(name, await t.login(`${name}@example.com`));
  const ids = await demoIds(t);
  return {
    token: (name) => tokens.get(name)!,
    id: (name) => ids.get(name)!,
    staff: (name) => ({ id: ids.get(name)!, role: name, account: { email: `${name}@example.com` } }),
  };
}
