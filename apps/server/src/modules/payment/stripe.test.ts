import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The Stripe path end to end: the real `stripe` SDK, pointed by its host/port/protocol options
 * at a fake Stripe API on loopback, and webhooks signed the way Stripe signs them.
 */
const WEBHOOK_SECRET = 'whsec_test_nearcast';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  client_reference_id: string;
  metadata: Record<string, string>;
  success_url: string;
  customer_email: string;
}

const sessions = new Map<string, FakeSession>();
const requests: { method: string; path: string; body: string; auth: string }[] = [];
let fake: http.Server;
let t: TestApp;
let token: string;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method!, path: req.url!, body, auth: req.headers.authorization ?? '' });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_test_${sessions.size + 1}`;
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.example/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          client_reference_id: form.get('client_reference_id') ?? '',
          metadata: { order_id: form.get('metadata[order_id]') ?? '' },
          success_url: form.get('success_url') ?? '',
          customer_email: form.get('customer_email') ?? '',
        };
        sessions.set(id, session);
        res.end(JSON.stringify(session));
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)/.exec(req.url ?? '');
      const found = match ? sessions.get(match[1]!) : undefined;
      if (req.method === 'GET' && found) {
        res.end(JSON.stringify(found));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such checkout.session' } }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  t = await createTestApp({
    config: {
      STRIPE_SECRET_KEY: 'sk_test_nearcast',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: port,
      STRIPE_API_PROTOCOL: 'http',
    },
  });
  token = await t.login('newclient@example.com');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const signer = new Stripe('sk_test_unused');
function signedEvent(id: string, type: string, session: FakeSession) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object: session } });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}
const webhook = (payload: string, signature: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payment/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
const buyer = async () =>
  (await t.query<{ pay_status: number; order_count: number }>(sql`select pay_status, order_count from accounts where email = 'newclient@example.com'`))[0]!;
const businessPackage = async () => (await t.query<{ id: number }>(sql`select id from packages where type = 'business' limit 1`))[0]!.id;

describe('Stripe Checkout', () => {
  it('creates a Checkout Session from the package, with the order in client_reference_id and metadata', async () => {
    const checkout = await t.call<{ session_id: string; url: string; order_id: number; amount_cents: number; provider: string }>(
      '/v1/payment/stripe',
      { package_id: await businessPackage() },
      { token },
    );
    expect(checkout.code).toBe('200');
    expect(checkout.data).toMatchObject({ provider: 'stripe', url: `https://checkout.example/pay/${checkout.data.session_id}` });
    const created = requests.find((request) => request.method === 'POST')!;
    expect(created.auth).toBe('Bearer sk_test_nearcast');
    const form = new URLSearchParams(created.body);
    expect(form.get('client_reference_id')).toBe(String(checkout.data.order_id));
    expect(form.get('metadata[order_id]')).toBe(String(checkout.data.order_id));
    expect(form.get('success_url')).toBe('http://localhost:3000/payment?session_id={CHECKOUT_SESSION_ID}');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(Number(form.get('line_items[0][price_data][unit_amount]'))).toBe(checkout.data.amount_cents);
  });

  it('verifies by retrieving the session: unpaid stays pending, paid fulfils', async () => {
    const session = [...sessions.values()][0]!;
    const pending = await t.call<{ status: string }>('/v1/payment/stripe/callback', { session_id: session.id }, { token });
    expect(pending.data.status).toBe('pending');
    session.payment_status = 'paid';
    session.status = 'complete';
    const paid = await t.call<{ status: string }>('/v1/payment/stripe/callback', { session_id: session.id }, { token });
    expect(paid.data.status).toBe('paid');
    expect(await buyer()).toEqual({ pay_status: 1, order_count: 1 });
  });

  it('fulfils from a signed webhook once, however often Stripe delivers it, and after a callback', async () => {
    const checkout = await t.call<{ session_id: string }>('/v1/payment/stripe', { package_id: await businessPackage() }, { token });
    const session = sessions.get(checkout.data.session_id)!;
    session.payment_status = 'paid';
    session.status = 'complete';
    const event = signedEvent('evt_1', 'checkout.session.completed', session);
    const first = await webhook(event.payload, event.signature);
    expect(first.json()).toMatchObject({ code: '200', data: { result: 'handled' } });
    const again = await webhook(event.payload, event.signature);
    expect(again.json()).toMatchObject({ code: '200', data: { result: 'duplicate' } });
    // A different event for the same session, and the callback, find it already paid.
    const other = signedEvent('evt_2', 'checkout.session.completed', session);
    await webhook(other.payload, other.signature);
    await t.call('/v1/payment/stripe/callback', { session_id: session.id }, { token });
    expect((await buyer()).order_count).toBe(2);
    expect(await t.query(sql`select count(*)::int as n from payments p join orders o on o.id = p.order_id where o.session_id = ${session.id}`)).toEqual([{ n: 1 }]);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const checkout = await t.call<{ session_id: string }>('/v1/payment/stripe', { package_id: await businessPackage() }, { token });
    const session = { ...sessions.get(checkout.data.session_id)!, payment_status: 'paid' as const };
    const event = signedEvent('evt_forged', 'checkout.session.completed', session);
    const tampered = await webhook(event.payload.replace('"paid"', '"paid" '), event.signature);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ code: '400', msg: 'Invalid webhook signature' });
    expect((await webhook(event.payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await buyer()).order_count).toBe(2);
    expect(await t.query(sql`select count(*)::int as n from webhook_events where id = 'evt_forged'`)).toEqual([{ n: 0 }]);
  });

  it('answers an unknown session as unverifiable', async () => {
    const response = await t.call('/v1/payment/stripe/callback', { session_id: 'cs_test_missing' }, { token });
    expect(response.code).toBe('404');
  });
});
