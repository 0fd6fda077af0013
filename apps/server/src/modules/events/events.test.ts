import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database, type Tx } from '../../db/client.js';
import { startJobs } from '../../composition/jobs.js';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/harness.js';
import type { EventPayload, EventType } from './catalogue.js';
import { DELIVER_JOB, type DomainEvent, type EventHandlers, type Subscriber } from './service.js';

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

function testSubscriber(instance: string, name: string, types: EventType[], fail?: (event: DomainEvent) => boolean): Subscriber {
  const handle = async (event: DomainEvent, tx: Tx) => {
    calls.push({ instance, subscriber: name, eventId: event.id });
    // The subscriber's effect, written in the delivery's transaction.
    await tx.execute(sql`insert into test_effects (event_id, subscriber, event_type) values (${event.id}, ${name}, ${event.type})`);
    if (fail?.(event)) throw new Error('subscriber failed after its effect');
  };
  return { name, handlers: Object.fromEntries(types.map((type) => [type, handle])) as EventHandlers };
}

/**
 * The outbox tests' own events: catalogued types that nothing else in this file records, each
 * with a payload its schema accepts.
 */
const BEFORE_START = 'verification.submitted';
const ROLLED_BACK = 'verification.correction_requested';
const COMMITTED = 'verification.correction_resolved';
const FLAKY = 'video.scheduled';
const BACKLOG = 'course.published';
type OutboxType = typeof BEFORE_START | typeof ROLLED_BACK | typeof COMMITTED | typeof FLAKY | typeof BACKLOG;
const SAMPLES: { [T in OutboxType]: EventPayload<T> } = {
  [BEFORE_START]: { resubmitted: false },
  [ROLLED_BACK]: {},
  [COMMITTED]: { note: 'done' },
  [FLAKY]: { post_id: 1, title: 'Taco Tuesday' },
  [BACKLOG]: { code: 'backlog', language: 'en-US', title: 'Backlog', open_roles: [], republished: false },
};

function subscribeBoth(name: string, types: EventType[]) {
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
  subscribeBoth('test.outbox', [ROLLED_BACK, COMMITTED, BEFORE_START, BACKLOG]);
  // Fails on its first call for an event, after writing its effect: the retry must find that
  // effect rolled back together with the delivery row.
  const failedOnce = new Set<number>();
  const failFirst = (event: DomainEvent) => !failedOnce.has(event.id) && failedOnce.add(event.id) !== undefined;
  t.app.services.events.subscribe(testSubscriber('a', 'test.flaky', [FLAKY], failFirst));
  other.services.events.subscribe(testSubscriber('b', 'test.flaky', [FLAKY], failFirst));
}, 60_000);

afterAll(async () => {
  await other.close();
  await otherDatabase?.close();
  await t.close();
});

async function recordIn(app: FastifyInstance, type: OutboxType, options: { then?: () => never; at?: Date } = {}): Promise<number> {
  let id = 0;
  await app.services.database.db.transaction(async (tx) => {
    id = await app.services.events.record(tx, type, {
      actor_id: null,
      subject_id: type,
      account_id: null,
      payload: SAMPLES[type] as EventPayload<typeof type>,
      ...(options.at ? { at: options.at } : {}),
    });
    options.then?.();
  });
  return id;
}

describe('events before the queue runs', () => {
  it('keeps an event recorded while no queue runs, and a subscriber run twice for it changes nothing', async () => {
    const id = await recordIn(t.app, BEFORE_START);
    const [row] = await t.query<{ dispatched_at: Date | null }>(sql`select dispatched_at from events where id = ${id}`);
    expect(row?.dispatched_at).toBeNull();

    // The same delivery on both instances at once: one applies it, the other finds it done.
    const outcomes = await Promise.all([
      t.app.services.events.deliver({ event_id: id, subscriber: 'test.outbox' }),
      other.services.events.deliver({ event_id: id, subscriber: 'test.outbox' }),
    ]);
    expect(outcomes.sort()).toEqual(['delivered', 'duplicate']);
    expect(await t.app.services.events.deliver({ event_id: id, subscriber: 'test.outbox' })).toBe('duplicate');
    expect(await effects(BEFORE_START)).toEqual([{ event_id: id, subscriber: 'test.outbox' }]);
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
    expect(await effects(BEFORE_START)).toHaveLength(1);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    await expect(
      recordIn(t.app, ROLLED_BACK, {
        then: () => {
          throw new Error('the cause failed');
        },
      }),
    ).rejects.toThrow('the cause failed');
    // A later event from the same instance arrives; the rolled-back one never does.
    const committed = await recordIn(t.app, COMMITTED);
    await until(async () => (await effects(COMMITTED)).length === 1);
    await sleep(1000);
    expect(await effects(ROLLED_BACK)).toEqual([]);
    expect(await t.query(sql`select id from events where type = ${ROLLED_BACK}`)).toEqual([]);
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
    const id = await recordIn(other, FLAKY);
    await until(async () => (await effects(FLAKY)).length === 1, 30_000);
    expect(calls.filter((call) => call.eventId === id)).toHaveLength(2);
    expect(await effects(FLAKY)).toEqual([{ event_id: id, subscriber: 'test.flaky' }]);
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

  it('delivers a fresh event ahead of a backlog of history, and drains the backlog without waiting for polls', async () => {
    const backlog = 1000;
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < backlog; i += 1) {
        await t.app.services.events.record(tx, BACKLOG, { actor_id: null, subject_id: `backlog-${i}`, account_id: null, payload: SAMPLES[BACKLOG], at: monthAgo });
      }
    });
    const fresh = await recordIn(t.app, COMMITTED);
    await until(async () => (await effects(BACKLOG)).length === backlog, 60_000);
    const [order] = await t.query<{ before: number }>(sql`
      select count(*)::int as before from event_deliveries d join events e on e.id = d.event_id
       where e.type = ${BACKLOG} and d.delivered_at < (select delivered_at from event_deliveries where event_id = ${fresh})`);
    // Only the batches taken while it was being recorded came first, not the rest of the backlog.
    expect(order!.before).toBeLessThanOrEqual(400);
  }, 90_000);
});

describe('the catalogue', () => {
  it('rolls the producer back when a payload does not say what the catalogue promises', async () => {
    const before = await t.query(sql`select id from events`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.events.record(tx, 'settlement.decided', {
          actor_id: null,
          subject_id: 1,
          account_id: null,
          // A status no reader knows, as a cast or an untyped caller could write it.
          payload: { settlement_id: 1, status: 'rejected' as 'cancelled', gross_cents: 1, fee_cents: 0, amount_cents: 1, payout_rail: 'x', payout_reference: null, reason: 'no' },
        });
      }),
    ).rejects.toThrow(/status/);
    expect(await t.query(sql`select id from events`)).toHaveLength(before.length);
  });

  // Checked by the typecheck (CI's `npm run typecheck`): each directive fails it if its line compiles.
  it('refuses unknown types and wrong payloads at compile time', () => {
    const check = (record: () => Promise<number>) => record;
    const tx = t.database.db;
    // @ts-expect-error an event type outside the catalogue
    check(() => t.app.services.events.record(tx, 'payment.made', { actor_id: null, subject_id: 1, account_id: null, payload: {} }));
    // @ts-expect-error a payload without the facts its readers need
    check(() => t.app.services.events.record(tx, 'payment.completed', { actor_id: null, subject_id: 1, account_id: null, payload: { order_id: 1 } }));
    check(() => t.app.services.events.record(tx, 'video.scheduled', { actor_id: null, subject_id: 1, account_id: null, payload: { post_id: 1, title: 'ok' } }));
  });
});
