import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database, type Tx } from '../../db/client.js';
import { startJobs } from '../../jobs/registry.js';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/harness.js';
import { DELIVER_JOB, type DomainEvent, type Subscriber } from './service.js';

/**
 * The outbox end to end, with two app instances on one database, each with its own job queue:
 * on PostgreSQL each instance has its own pools (as two processes would); on PGlite both share
 * the one embedded client, the only way two instances can reach one PGlite database.
 */
let t: TestApp;
let other: FastifyInstance;
let otherDatabase: Database | undefined;

/** Every call of a test subscriber, by instance, whether or not its transaction committed. */
const calls: { instance: string; subscriber: string; eventId: number }[] = [];

function testSubscriber(instance: string, name: string, types: string[], fail?: (event: DomainEvent) => boolean): Subscriber {
  return {
    name,
    types,
    async handle(event: DomainEvent, tx: Tx) {
      calls.push({ instance, subscriber: name, eventId: event.id });
      // The subscriber's effect, written in the delivery's transaction.
      await tx.execute(sql`insert into test_effects (event_id, subscriber, event_type) values (${event.id}, ${name}, ${event.type})`);
      if (fail?.(event)) throw new Error('subscriber failed after its effect');
    },
  };
}

function subscribeBoth(name: string, types: string[]) {
  t.app.services.events.subscribe(testSubscriber('a', name, types));
  other.services.events.subscribe(testSubscriber('b', name, types));
}

const effects = (type?: string) =>
  t.query<{ event_id: number; subscriber: string }>(
    type
      ? sql`select event_id::int as event_id, subscriber from test_effects where event_type = ${type} order by event_id`
      : sql`select event_id::int as event_id, subscriber from test_effects order by event_id`,
  );

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestApp({ config: { JOBS_POLLING_SECONDS: 0.5 } });
  await t.query(sql`create table test_effects (event_id bigint not null, subscriber text not null, event_type text not null)`);
  if (testDatabaseUrl) {
    const [{ name }] = (await t.query<{ name: string }>(sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    otherDatabase = await openDatabase({ url: url.toString(), poolSize: 4 });
  }
  other = await buildApp({ config: t.app.services.config, database: otherDatabase ?? t.database, mailer: t.mailer });
  await other.ready();
  subscribeBoth('test.payments', ['payment.completed']);
  subscribeBoth('test.assignments', ['client.assigned', 'studio.assigned']);
  subscribeBoth('test.outbox', ['test.rolled-back', 'test.committed', 'test.before-start']);
  // Fails on its first call for an event, after writing its effect: the retry must find that
  // effect rolled back together with the delivery row.
  const failedOnce = new Set<number>();
  const failFirst = (event: DomainEvent) => !failedOnce.has(event.id) && failedOnce.add(event.id) !== undefined;
  t.app.services.events.subscribe(testSubscriber('a', 'test.flaky', ['test.flaky'], failFirst));
  other.services.events.subscribe(testSubscriber('b', 'test.flaky', ['test.flaky'], failFirst));
}, 60_000);

afterAll(async () => {
  await other.close();
  await otherDatabase?.close();
  await t.close();
});

async function recordIn(app: FastifyInstance, type: string, then?: () => never): Promise<number> {
  let id = 0;
  await app.services.database.db.transaction(async (tx) => {
    id = await app.services.events.record(tx, { type, actor_id: null, subject: { type: 'test', id: type }, account_id: null, payload: { note: type } });
    then?.();
  });
  return id;
}

describe('events before the queue runs', () => {
  it('keeps an event recorded while no queue runs, and a subscriber run twice for it changes nothing', async () => {
    const id = await recordIn(t.app, 'test.before-start');
    const [row] = await t.query<{ dispatched_at: Date | null }>(sql`select dispatched_at from events where id = ${id}`);
    expect(row?.dispatched_at).toBeNull();

    // The same delivery on both instances at once: one applies it, the other finds it done.
    const outcomes = await Promise.all([
      t.app.services.events.deliver({ event_id: id, subscriber: 'test.outbox' }),
      other.services.events.deliver({ event_id: id, subscriber: 'test.outbox' }),
    ]);
    expect(outcomes.sort()).toEqual(['delivered', 'duplicate']);
    expect(await t.app.services.events.deliver({ event_id: id, subscriber: 'test.outbox' })).toBe('duplicate');
    expect(await effects('test.before-start')).toEqual([{ event_id: id, subscriber: 'test.outbox' }]);
    // A delivery for a subscriber this instance does not know fails (and is retried), never dropped.
    await expect(t.app.services.events.deliver({ event_id: id, subscriber: 'test.unknown' })).rejects.toThrow('No subscriber test.unknown');
  });
});

describe('events through the job queue, two instances', () => {
  beforeAll(async () => {
    await Promise.all([startJobs(t.app.services, t.app.log), startJobs(other.services, other.log)]);
  }, 60_000);

  it('dispatches what was recorded before the start without handling it again', async () => {
    await until(async () => (await t.query(sql`select 1 from events where dispatched_at is null`)).length === 0);
    await sleep(1500);
    expect(await effects('test.before-start')).toHaveLength(1);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    await expect(
      recordIn(t.app, 'test.rolled-back', () => {
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    // A later event from the same instance arrives; the rolled-back one never does.
    const committed = await recordIn(t.app, 'test.committed');
    await until(async () => (await effects('test.committed')).length === 1);
    await sleep(1000);
    expect(await effects('test.rolled-back')).toEqual([]);
    expect(await t.query(sql`select id from events where type = 'test.rolled-back'`)).toEqual([]);
    expect(calls.filter((call) => call.subscriber === 'test.outbox' && call.eventId > committed)).toEqual([]);
  });

  it('hands a completed payment to a subscriber exactly once, whichever instance fulfils it and however often', async () => {
    await t.call('/v1/base/send', { email: 'events-buyer@example.com', scene: 'register' });
    const code = /\b(\d{6})\b/.exec(t.mailer.lastTo('events-buyer@example.com')!.text)![1];
    const signed = await t.call<{ token: string }>('/v1/account/sign', {
      username: 'eventsbuyer', email: 'events-buyer@example.com', password: 'Buyer-pass-1', confirm_password: 'Buyer-pass-1', code, join_type: 'business',
    });
    const token = signed.data.token;
    const [pkg] = await t.query<{ id: number }>(sql`select id from packages where type = 'business' order by id limit 1`);
    const checkout = await t.call<{ session_id: string; order_id: number }>('/v1/payment/stripe', { package_id: pkg!.id }, { token });
    expect(checkout.code).toBe('200');
    await t.app.inject({ method: 'POST', url: `/sandbox/checkout/${checkout.data.session_id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

    // Verification arrives at both instances at once, twice each.
    const verify = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payment/stripe/callback',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({ session_id: checkout.data.session_id }),
      });
    const answers = await Promise.all([verify(t.app), verify(other), verify(t.app), verify(other)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);

    const events = await t.query<{ id: number; account_id: number; subject_id: string; payload: { order_id: number } }>(
      sql`select id::int as id, account_id, subject_id, payload from events where type = 'payment.completed'`,
    );
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event).toMatchObject({ subject_id: String(checkout.data.order_id), payload: { order_id: checkout.data.order_id } });

    await until(async () => (await effects('payment.completed')).length === 1);
    // Extra deliveries of the same event from both instances (a redelivery, a retried job).
    await t.app.services.jobs.send(DELIVER_JOB, { event_id: event.id, subscriber: 'test.payments' });
    await other.services.jobs.send(DELIVER_JOB, { event_id: event.id, subscriber: 'test.payments' });
    await sleep(2500);
    expect(await effects('payment.completed')).toEqual([{ event_id: event.id, subscriber: 'test.payments' }]);
    expect(calls.filter((call) => call.subscriber === 'test.payments')).toHaveLength(1);

    // Sign-up recorded its own event in the buyer's scope.
    const [registered] = await t.query<{ account_id: number; actor_id: number }>(
      sql`select account_id, actor_id from events where type = 'account.registered' and account_id = ${event.account_id}`,
    );
    expect(registered).toEqual({ account_id: event.account_id, actor_id: event.account_id });
  }, 60_000);

  it('retries a failing subscriber, keeping nothing of the failed attempt', async () => {
    const id = await recordIn(other, 'test.flaky');
    await until(async () => (await effects('test.flaky')).length === 1, 30_000);
    expect(calls.filter((call) => call.eventId === id)).toHaveLength(2);
    expect(await effects('test.flaky')).toEqual([{ event_id: id, subscriber: 'test.flaky' }]);
  }, 40_000);

  it('records assignments with the scope they put the account in', async () => {
    const admin = await t.login('admin@example.com');
    const ids = Object.fromEntries(
      (await t.query<{ email: string; id: number }>(sql`select email, id from accounts where email like '%@example.com'`)).map((row) => [row.email, row.id]),
    );
    const operator = await t.call('/v1/client/operator', { client_id: ids['newclient@example.com'], operator_id: ids['operator@example.com'] }, { token: admin });
    expect(operator.code).toBe('200');
    const studio = await t.call('/v1/studio/proxy', { studio_id: ids['newstudio@example.com'], agent_id: ids['subagent@example.com'] }, { token: admin });
    expect(studio.code).toBe('200');

    const rows = await t.query<{ type: string; actor_id: number; account_id: number; studio_id: number | null; agent_id: number | null; main_agent_id: number | null; operator_id: number | null; payload: unknown }>(
      sql`select type, actor_id, account_id, studio_id, agent_id, main_agent_id, operator_id, payload from events where type in ('client.assigned', 'studio.assigned') order by id`,
    );
    expect(rows).toEqual([
      {
        type: 'client.assigned', actor_id: ids['admin@example.com'], account_id: ids['newclient@example.com'],
        studio_id: null, agent_id: null, main_agent_id: null, operator_id: ids['operator@example.com'],
        payload: { role: 'operator', from_id: null, to_id: ids['operator@example.com'] },
      },
      {
        type: 'studio.assigned', actor_id: ids['admin@example.com'], account_id: ids['newstudio@example.com'],
        studio_id: ids['newstudio@example.com'], agent_id: ids['subagent@example.com'], main_agent_id: ids['agent@example.com'], operator_id: null,
        payload: { role: 'agent', from_id: ids['agent@example.com'], to_id: ids['subagent@example.com'] },
      },
    ]);
    await until(async () => (await effects()).filter((row) => row.subscriber === 'test.assignments').length === 2);
  }, 30_000);
});
