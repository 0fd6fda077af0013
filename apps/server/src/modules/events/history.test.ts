import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.js';
import { demoIds } from '../../test/demo-roles.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { EventPayload, EventType } from './catalogue.js';
import type { DomainEvent, EventHandlers, Subscriber } from './service.js';

/**
 * History as seeds write it: each event at its own time and in its account's scope, never
 * dispatched (so no subscriber is told of it as news), and handed by a replay to the subscriber
 * that keeps a copy of the past, each event once, however the replay and the deliveries meet.
 */
let t: TestApp;
const DAY = 86_400_000;
const ids = new Map<string, number>();

/** The types only this file records, with payloads their schemas accept. */
const KEPT = 'video.scheduled';
const ELSEWHERE = 'course.published';
const scheduled = (postId: number): EventPayload<typeof KEPT> => ({ post_id: postId, title: `Post ${postId}` });
const course: EventPayload<typeof ELSEWHERE> = { code: 'history', language: 'en-US', title: 'History', open_roles: [], republished: false };

function effectSubscriber(name: string, types: EventType[]): Subscriber {
  const handle = async (event: DomainEvent, tx: Tx) => {
    await tx.execute(sql`insert into history_effects (event_id, subscriber) values (${event.id}, ${name})`);
  };
  return { name, handlers: Object.fromEntries(types.map((type) => [type, handle])) as EventHandlers };
}

const effects = (subscriber: string) =>
  t.query<{ event_id: number }>(sql`select event_id::int as event_id from history_effects where subscriber = ${subscriber} order by event_id`).then((rows) =>
    rows.map((row) => row.event_id),
  );

/** Writes `count` scheduled posts of the demo merchant, a day apart, ending `daysAgo` days ago. */
async function writeHistory(count: number, daysAgo: number): Promise<number[]> {
  const before = Number((await t.query<{ id: number | null }>(sql`select max(id) as id from events`))[0]?.id ?? 0);
  await t.database.db.transaction(async (tx) => {
    const history = t.app.services.events.history(tx);
    for (let n = 0; n < count; n += 1) {
      const at = new Date(Date.now() - (daysAgo + count - n) * DAY);
      await history.add(KEPT, { actor_id: null, subject_id: 1000 + n, account_id: ids.get('client')!, payload: scheduled(1000 + n), at });
    }
    expect(await history.flush()).toBe(count);
  });
  return (await t.query<{ id: number }>(sql`select id::int as id from events where id > ${before} order by id`)).map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.query(sql`create table history_effects (event_id bigint not null, subscriber text not null)`);
  t.app.services.events.subscribe(effectSubscriber('test.keeper', [KEPT]));
  t.app.services.events.subscribe(effectSubscriber('test.listener', [KEPT, ELSEWHERE]));
  for (const [name, id] of await demoIds(t)) ids.set(name, id);
}, 60_000);
afterAll(() => t?.close());

describe('history written by a seed', () => {
  it('keeps each event at its own time and in its account’s scope, already dispatched', async () => {
    const written = await writeHistory(3, 10);
    expect(written).toHaveLength(3);
    const rows = await t.query<{ created_at: Date; recorded_at: Date; dispatched_at: Date | null; account_id: number; studio_id: number; agent_id: number; operator_id: number }>(
      sql`select created_at, recorded_at, dispatched_at, account_id, studio_id, agent_id, operator_id from events where id in ${sql`(${sql.join(
        written.map((id) => sql`${id}`),
        sql`, `,
      )})`} order by id`,
    );
    // In the order written, each on its day (the oldest first), long before it was recorded.
    expect(rows.map((row) => Math.round((Date.now() - new Date(row.created_at).getTime()) / DAY))).toEqual([13, 12, 11]);
    for (const row of rows) {
      expect(row.dispatched_at).not.toBeNull();
      expect(row).toMatchObject({ account_id: ids.get('client'), studio_id: ids.get('studio'), agent_id: ids.get('agent'), operator_id: ids.get('operator') });
    }
    // The dispatcher owes nothing for it: no subscriber hears of it as news.
    expect(await t.query(sql`select id from events where dispatched_at is null and type = ${KEPT}`)).toEqual([]);
  });

  it('refuses a payload its readers could not rely on', async () => {
    const history = t.app.services.events.history(t.database.db);
    await expect(
      history.add(KEPT, { actor_id: null, subject_id: 1, account_id: null, payload: { post_id: 'one' } as unknown as EventPayload<typeof KEPT>, at: new Date() }),
    ).rejects.toThrow();
    expect(await history.flush()).toBe(0);
  });

  it('is the demo seed’s record of its accounts’ arrival, each on the day its account was made', async () => {
    const arrivals = await t.query<{ email: string; account_type: number; event_type: number; at: Date; created_at: Date; dispatched: boolean }>(sql`
      select a.email, a.account_type, (e.payload->>'account_type')::int as event_type, e.created_at as at, a.created_at, e.dispatched_at is not null as dispatched
        from accounts a join events e on e.type = 'account.created' and e.subject_id = a.id::text and e.account_id = a.id
       order by a.id`);
    expect(arrivals).toHaveLength(9);
    for (const row of arrivals) {
      expect(row.event_type, row.email).toBe(row.account_type);
      expect(new Date(row.at).getTime(), row.email).toBe(new Date(row.created_at).getTime());
      expect(row.dispatched, row.email).toBe(true);
    }
  });
});

describe('replay', () => {
  it('hands a subscriber every event of its types it has not handled, in order, once', async () => {
    const written = await writeHistory(4, 30);
    // One of them reached the keeper first through an ordinary delivery (a job).
    expect(await t.app.services.events.deliver({ event_id: written[1]!, subscriber: 'test.keeper' })).toBe('delivered');
    const all = (await t.query<{ id: number }>(sql`select id::int as id from events where type = ${KEPT} order by id`)).map((row) => row.id);
    expect(await t.app.services.events.replay('test.keeper')).toBe(all.length - 1);
    expect(await effects('test.keeper')).toEqual([written[1]!, ...all.filter((id) => id !== written[1])].sort((a, b) => a - b));
    // Nothing is handed twice, and a replay of one subscriber tells the others nothing.
    expect(await t.app.services.events.replay('test.keeper')).toBe(0);
    expect(await t.app.services.events.deliver({ event_id: written[0]!, subscriber: 'test.keeper' })).toBe('duplicate');
    expect(new Set(await effects('test.keeper')).size).toBe(all.length);
    expect(await effects('test.listener')).toEqual([]);
  });

  it('reaches only its subscriber’s types, and refuses a subscriber this instance does not know', async () => {
    await t.database.db.transaction(async (tx) => {
      const history = t.app.services.events.history(tx);
      await history.add(ELSEWHERE, { actor_id: null, subject_id: 'history', account_id: null, payload: course, at: new Date(Date.now() - DAY) });
      await history.flush();
    });
    expect(await t.app.services.events.replay('test.keeper')).toBe(0);
    const listened = await t.app.services.events.replay('test.listener');
    const [{ n } = { n: 0 }] = await t.query<{ n: number }>(sql`select count(*)::int as n from events where type in (${KEPT}, ${ELSEWHERE})`);
    expect(listened).toBe(n);
    await expect(t.app.services.events.replay('test.unknown')).rejects.toThrow('No subscriber test.unknown');
  });
});

describe('backdating', () => {
  it('moves a seed’s history of a subject to when it happened, until a subscriber has handled it', async () => {
    const at = new Date(Date.now() - 40 * DAY);
    await t.database.db.transaction(async (tx) => {
      const history = t.app.services.events.history(tx);
      await history.add(KEPT, { actor_id: null, subject_id: 4242, account_id: null, payload: scheduled(4242), at: new Date() });
      await history.flush();
    });
    expect(await t.app.services.events.backdate(t.database.db, KEPT, 4242, at)).toBe(1);
    const [row] = await t.query<{ id: number; created_at: Date }>(sql`select id::int as id, created_at from events where type = ${KEPT} and subject_id = '4242'`);
    expect(new Date(row!.created_at).getTime()).toBe(at.getTime());
    await t.app.services.events.deliver({ event_id: row!.id, subscriber: 'test.keeper' });
    expect(await t.app.services.events.backdate(t.database.db, KEPT, 4242, new Date())).toBe(0);
  });
});
