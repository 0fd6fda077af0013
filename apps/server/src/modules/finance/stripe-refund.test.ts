import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_TYPE } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, idOf, sharesOf } from '../../test/finance-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Refunds with Stripe on: the real `stripe` SDK against a fake Stripe API on loopback, and
 * `charge.refunded` webhooks signed the way Stripe signs them.
 */
const WEBHOOK_SECRET = 'whsec_test_refunds';

const refundRequests: { body: URLSearchParams; idempotencyKey: string }[] = [];
let refundStatus: 'succeeded' | 'pending' | 'failed' = 'succeeded';
let fake: http.Server;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const session = /^\/v1\/checkout\/sessions\/([\w-]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && session) {
        const id = session[1]!;
        res.end(JSON.stringify({ id, object: 'checkout.session', payment_intent: `pi_${id}`, metadata: { order_id: id.replace('cs_order_', '') }, payment_status: 'paid', status: 'complete' }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const form = new URLSearchParams(body);
        refundRequests.push({ body: form, idempotencyKey: String(req.headers['idempotency-key'] ?? '') });
        res.end(JSON.stringify({ id: `re_${refundRequests.length}`, object: 'refund', amount: Number(form.get('amount')), status: refundStatus }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such object' } }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  t = await createTestApp({
    config: { STRIPE_SECRET_KEY: 'sk_test_refunds', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: port, STRIPE_API_PROTOCOL: 'http' },
  });
  adminToken = await t.login('admin@example.com');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

/** A Stripe-paid order: its checkout session id names the order, as the fake answers it. */
async function stripePayment(amountCents: number): Promise<{ paymentId: number; orderId: number; merchant: number }> {
  const merchant = await addAccount(t, { type: ACCOUNT_TYPE.client, studioId: await idOf(t, 'studio@example.com') });
  const [order] = await t.query<{ id: number }>(sql`
    insert into orders (account_id, package_name, package_type, periods, amount_cents, provider) values (${merchant}, 'Growth', 'business', 1, ${amountCents}, 'stripe') returning id`);
  const sessionId = `cs_order_${order!.id}`;
  await t.query(sql`update orders set session_id = ${sessionId} where id = ${order!.id}`);
  await t.app.services.payments.fulfil(order!.id, sessionId);
  const [payment] = await t.query<{ id: number }>(sql`select id from payments where order_id = ${order!.id}`);
  return { paymentId: payment!.id, orderId: order!.id, merchant };
}

const signer = new Stripe('sk_test_unused');
function chargeRefunded(eventId: string, orderId: number, amountRefunded: number) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'charge.refunded',
    data: { object: { id: `ch_${orderId}`, object: 'charge', amount_refunded: amountRefunded, metadata: { order_id: String(orderId) }, payment_intent: `pi_${orderId}` } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    payload,
  });
}
const refundsOf = (paymentId: number) =>
  t.query<{ amount_cents: number; status: string; provider_ref: string | null }>(sql`select amount_cents, status, provider_ref from refunds where payment_id = ${paymentId} order by id`);

describe('refunds through Stripe', () => {
  it('asks Stripe to refund the checkout\'s payment with our own idempotency key, then posts it', async () => {
    const { paymentId, orderId } = await stripePayment(40_000);
    const answer = await t.call<{ refund: { status: string; provider_ref: string } }>('/v1/finance/refund', { payment_id: paymentId, amount_cents: 10_000, reason: 'Goodwill' }, { token: adminToken });
    expect(answer.code).toBe('200');
    expect(answer.data.refund).toMatchObject({ status: 'completed', provider_ref: 're_1' });
    const request = refundRequests.at(-1)!;
    expect(request.body.get('payment_intent')).toBe(`pi_cs_order_${orderId}`);
    expect(request.body.get('amount')).toBe('10000');
    expect(request.idempotencyKey).toMatch(/^refund-\d+$/);
    expect(Object.fromEntries((await sharesOf(t, paymentId)).map((share) => [share.role, share.reversed_cents]))).toEqual({ studio: 7_000, agent: 1_000, platform: 2_000 });
    // Stripe then reports the same refund by webhook, twice: nothing more is posted.
    expect((await chargeRefunded('evt_r1', orderId, 10_000)).json()).toMatchObject({ data: { result: 'ignored' } });
    expect((await chargeRefunded('evt_r1', orderId, 10_000)).json()).toMatchObject({ data: { result: 'duplicate' } });
    expect(await refundsOf(paymentId)).toEqual([{ amount_cents: 10_000, status: 'completed', provider_ref: 're_1' }]);
  });

  it('records a refund made in Stripe\'s dashboard from charge.refunded, once, and a full one takes the plan back', async () => {
    const { paymentId, orderId, merchant } = await stripePayment(30_000);
    expect((await chargeRefunded('evt_d1', orderId, 12_000)).json()).toMatchObject({ data: { result: 'handled' } });
    expect((await chargeRefunded('evt_d1', orderId, 12_000)).json()).toMatchObject({ data: { result: 'duplicate' } });
    // Another delivery under a new event id but the same total changes nothing either.
    expect((await chargeRefunded('evt_d2', orderId, 12_000)).json()).toMatchObject({ data: { result: 'ignored' } });
    expect((await chargeRefunded('evt_d3', orderId, 30_000)).json()).toMatchObject({ data: { result: 'handled' } });
    expect(await refundsOf(paymentId)).toEqual([
      { amount_cents: 12_000, status: 'completed', provider_ref: `ch_${orderId}:12000` },
      { amount_cents: 18_000, status: 'completed', provider_ref: `ch_${orderId}:30000` },
    ]);
    const [account] = await t.query<{ pay_status: number }>(sql`select pay_status from accounts where id = ${merchant}`);
    expect(account!.pay_status).toBe(2);
    expect(await t.app.services.ledger.audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
  });

  it('keeps a refund Stripe has not finished pending until charge.refunded confirms it, refusing another meanwhile', async () => {
    refundStatus = 'pending';
    const { paymentId, orderId } = await stripePayment(20_000);
    const first = await t.call<{ refund: { status: string } }>('/v1/finance/refund', { payment_id: paymentId, amount_cents: 5_000, reason: '' }, { token: adminToken });
    expect(first.data.refund.status).toBe('pending');
    expect((await t.call('/v1/finance/refund', { payment_id: paymentId, amount_cents: 1, reason: '' }, { token: adminToken })).code).toBe('409');
    expect((await chargeRefunded('evt_p1', orderId, 5_000)).json()).toMatchObject({ data: { result: 'handled' } });
    expect(await refundsOf(paymentId)).toEqual([{ amount_cents: 5_000, status: 'completed', provider_ref: expect.stringMatching(/^re_/) }]);
    refundStatus = 'failed';
    const failed = await t.call('/v1/finance/refund', { payment_id: paymentId, amount_cents: 1_000, reason: '' }, { token: adminToken });
    expect(failed.code).toBe('422');
    expect((await refundsOf(paymentId)).at(-1)).toMatchObject({ amount_cents: 1_000, status: 'failed' });
    refundStatus = 'succeeded';
    expect(await t.app.services.ledger.audit()).toMatchObject({ unbalancedTransactions: 0, driftedBalances: 0 });
  });

  it('asks Stripe again, under the same key, for a refund left pending by a crash, and records it once', async () => {
    const { paymentId } = await stripePayment(9_000);
    const admin = await idOf(t, 'admin@example.com');
    // What a crash between reserving and recording leaves behind.
    const [left] = await t.query<{ id: number }>(sql`
      insert into refunds (payment_id, payer_id, amount_cents, status, reason, provider, actor_id, created_at)
      select id, account_id, 3000, 'pending', 'lost answer', 'stripe', ${admin}, now() - interval '1 hour' from payments where id = ${paymentId}
      returning id`);
    expect(await t.app.services.finance.resumeStaleRefunds()).toBe(1);
    expect(refundRequests.at(-1)!.idempotencyKey).toBe(`refund-${left!.id}`);
    expect(await refundsOf(paymentId)).toEqual([{ amount_cents: 3_000, status: 'completed', provider_ref: expect.stringMatching(/^re_/) }]);
    expect(await t.app.services.finance.resumeStaleRefunds()).toBe(0);
    expect(Object.fromEntries((await sharesOf(t, paymentId)).map((share) => [share.role, share.reversed_cents]))).toEqual({ studio: 2_100, agent: 300, platform: 600 });
  });
});
