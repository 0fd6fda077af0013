import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { merchantPays } from './settlement-fixtures.js';

/**
 * Random history for the dashboard's property tests, made through the API the way people make
 * it: payments on past days, refunds, reassignments, studio moves, new accounts, statistics
 * readings and disconnections among the demo accounts. The recount test checks the figures
 * against the raw rows after it; the replay test checks the backfill against the live rollups.
 */
export type HistoryCommand =
  | { kind: 'pay'; who: 'client' | 'newclient'; daysAgo: number }
  | { kind: 'refund'; pick: number; part: number; daysAgo: number }
  | { kind: 'studio'; who: 'client' | 'newclient'; to: 'studio' | 'newstudio' | null }
  | { kind: 'operator'; who: 'client' | 'newclient'; to: 'operator' | null }
  | { kind: 'move'; studio: 'studio' | 'newstudio'; to: 'agent' | 'subagent' }
  | { kind: 'create'; role: 'client' | 'studio' }
  | { kind: 'read'; pick: number; grew: number }
  | { kind: 'disconnect'; pick: number };

const ARBITRARIES: { [K in HistoryCommand['kind']]: fc.Arbitrary<Extract<HistoryCommand, { kind: K }>> } = {
  pay: fc.record({ kind: fc.constant('pay'), who: fc.constantFrom('client', 'newclient'), daysAgo: fc.integer({ min: 0, max: 120 }) }),
  refund: fc.record({ kind: fc.constant('refund'), pick: fc.nat(), part: fc.integer({ min: 1, max: 4 }), daysAgo: fc.integer({ min: 0, max: 10 }) }),
  studio: fc.record({ kind: fc.constant('studio'), who: fc.constantFrom('client', 'newclient'), to: fc.constantFrom('studio', 'newstudio', null) }),
  operator: fc.record({ kind: fc.constant('operator'), who: fc.constantFrom('client', 'newclient'), to: fc.constantFrom('operator', null) }),
  move: fc.record({ kind: fc.constant('move'), studio: fc.constantFrom('studio', 'newstudio'), to: fc.constantFrom('agent', 'subagent') }),
  create: fc.record({ kind: fc.constant('create'), role: fc.constantFrom('client', 'studio') }),
  // A statistics reading of one of the merchant's published videos, as the collector stores it.
  read: fc.record({ kind: fc.constant('read'), pick: fc.nat(), grew: fc.integer({ min: 0, max: 5_000 }) }),
  disconnect: fc.record({ kind: fc.constant('disconnect'), pick: fc.nat() }),
};

/** Commands of the kinds a test draws from. */
export function historyCommands(kinds: HistoryCommand['kind'][]): fc.Arbitrary<HistoryCommand> {
  return fc.oneof(...kinds.map((kind) => ARBITRARIES[kind] as fc.Arbitrary<HistoryCommand>));
}

export const lastEventId = async (t: TestApp): Promise<number> =>
  Number((await t.query<{ id: number | null }>(sql`select max(id) as id from events`))[0]?.id ?? 0);

/** Moves the payments and refunds recorded since `afterId`, with their events, to `daysAgo`. */
export async function backdateSince(t: TestApp, afterId: number, daysAgo: number): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await t.query(sql`update payments set created_at = ${at} where order_id::text in (select subject_id from events where id > ${afterId} and type = 'payment.completed')`);
  // The orders too, so the checkout's hourly limit (which counts recent orders) lets the next one through.
  await t.query(sql`update orders set created_at = ${new Date(Date.now() - 2 * 3_600_000 - daysAgo * 86_400_000)} where id::text in (select subject_id from events where id > ${afterId} and type = 'payment.completed')`);
  await t.query(sql`update refunds set processed_at = ${at} where id in (select (payload->>'refund_id')::int from events where id > ${afterId} and type = 'payment.refunded')`);
  await t.query(sql`update events set created_at = ${at} where id > ${afterId} and type in ('payment.completed', 'payment.refunded')`);
}

let created = 0;

/**
 * Does what a command says as its person would: staff (`super`) for the reassignments, refunds
 * and new accounts, the merchant for its payment, the studio for a disconnection.
 */
export async function applyHistory(t: TestApp, c: HistoryCommand, who: { token: (name: string) => string; id: (name: string) => number }): Promise<void> {
  const staff = { token: who.token('super') };
  const before = await lastEventId(t);
  const ok = (answer: { code: string; msg: string }) => expect(answer.code, answer.msg).toBe('200');
  switch (c.kind) {
    case 'pay':
      await merchantPays(t, who.token(c.who));
      await backdateSince(t, before, c.daysAgo);
      return;
    case 'refund': {
      const payments = await t.query<{ id: number; left: number }>(
        sql`select p.id, p.amount_cents - coalesce((select sum(r.amount_cents) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0) as left from payments p order by p.id`,
      );
      const open = payments.filter((p) => Number(p.left) > 0);
      if (open.length === 0) return;
      const payment = open[c.pick % open.length]!;
      const amount = Math.max(1, Math.floor(Number(payment.left) / c.part));
      ok(await t.call('/v1/finance/refund', { payment_id: payment.id, amount_cents: amount, reason: 'test' }, staff));
      await backdateSince(t, before, c.daysAgo);
      return;
    }
    case 'studio':
      return ok(await t.call('/v1/client/studio/set', { client_id: who.id(c.who), studio_id: c.to === null ? null : who.id(c.to) }, staff));
    case 'operator':
      return ok(await t.call('/v1/client/operator', { client_id: who.id(c.who), operator_id: c.to === null ? null : who.id(c.to) }, staff));
    case 'move':
      return ok(await t.call('/v1/studio/proxy', { studio_id: who.id(c.studio), agent_id: who.id(c.to) }, staff));
    case 'create':
      created += 1;
      return ok(await t.call('/v1/account/add', { email: `made-${created}@example.net`, password: 'Nearcast-demo-1', username: `made${created}`, role: c.role }, staff));
    case 'read': {
      const jobs = await t.query<{ id: number; plays: number | null }>(
        sql`select id, plays from video_publish_jobs where merchant_id = ${who.id('client')} and published_at is not null order by id`,
      );
      expect(jobs.length).toBeGreaterThan(0);
      const job = jobs[c.pick % jobs.length]!;
      const plays = Number(job.plays ?? 0) + c.grew;
      await t.app.services.videoMetrics.store(Number(job.id), new Date(), { plays, likes: null, comments: null, shares: null, collections: null });
      return;
    }
    case 'disconnect': {
      const connections = await t.query<{ id: number }>(sql`select id from platform_connections where state <> 'disconnected' order by id`);
      if (connections.length === 0) return;
      ok(await t.call('/v1/video/disconnect', { id: connections[c.pick % connections.length]!.id }, { token: who.token('studio') }));
      return;
    }
  }
}
