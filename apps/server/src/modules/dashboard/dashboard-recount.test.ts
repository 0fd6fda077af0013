import { DASHBOARD_RANGES, type DashboardClientResponse, type DashboardPayResponse, type DashboardProfitResponse, type DashboardRange, type DashboardTotalResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../test/demo-roles.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { givePlan } from '../../test/plans.js';
import { applyHistory, historyCommands, lastEventId, type HistoryCommand } from '../../test/dashboard-history.js';
import { merchantPays } from '../../test/settlement-fixtures.js';
import { backfillDashboard } from '../../scripts/dashboard-backfill.js';
import { seedDemoVideos } from '../../demo/video-seed.js';
import { ROLLUP_SUBSCRIBER } from './rollup-subscriber.js';
import { dayOf, periodOf } from './period.js';

/**
 * The dashboards against a recount from the raw rows: after random payments (on random past
 * days), refunds, reassignments and statistics readings, every role's figures over every range
 * equal what the payments, refunds, accounts, publishing jobs and statistics snapshots say, each
 * payment and refund counted in the scope its event recorded when it happened
 * (docs/decisions/036).
 */
let t: TestApp;
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client', 'newclient'] as const;
type Demo = (typeof DEMO)[number];
const tokens = new Map<Demo, string>();
const ids = new Map<string, number>();
const token = (name: Demo) => tokens.get(name)!;

beforeAll(async () => {
  t = await createTestApp();
  // The demo's videos and their readings (the demo merchant's, at least): the plays to recount.
  await seedDemoVideos(t.app.services);
  await backfillDashboard(t.app.services);
  for (const name of DEMO) tokens.set(name, await t.login(`${name}@example.com`));
  // The demo's unpaid merchant reads its dashboard too: a plan of its own (no payment, so no
  // figure moves) keeps plan gating from refusing it before its first payment.
  await givePlan(t, 'newclient@example.com');
  for (const [name, id] of await demoIds(t)) ids.set(name, id);
}, 120_000);
afterAll(() => t.close());

/** Hands every owed event to the rollup subscriber, as the delivery jobs would; answers how many. */
async function deliverAll(): Promise<number> {
  const owed = await t.query<{ id: number }>(
    sql`select e.id from events e where not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = ${ROLLUP_SUBSCRIBER})
        and e.type in ('account.registered','account.created','client.assigned','studio.assigned','payment.completed','payment.refunded','video.published','video.plays') order by e.id`,
  );
  for (const { id } of owed) await t.app.services.events.deliver({ event_id: Number(id), subscriber: ROLLUP_SUBSCRIBER });
  return owed.length;
}

const command = historyCommands(['pay', 'refund', 'studio', 'operator', 'move', 'create', 'read']);

async function run(c: HistoryCommand): Promise<void> {
  await applyHistory(t, c, { token: (name) => token(name as Demo), id: (name) => ids.get(name)! });
  await deliverAll();
}

interface ScopedRow {
  at: Date;
  amount: number;
  account_id: number;
  studio_id: number | null;
  agent_id: number | null;
  main_agent_id: number | null;
  operator_id: number | null;
}

/** Whether a row recorded with this scope counts for a demo caller (its rollup scope). */
function counts(caller: Demo, row: ScopedRow): boolean {
  const id = (name: string) => ids.get(name)!;
  switch (caller) {
    case 'super':
    case 'admin':
      return true;
    case 'agent':
      return row.main_agent_id === id('agent');
    case 'subagent':
      return row.agent_id === id('subagent');
    case 'studio':
      return row.studio_id === id('studio') && row.account_id !== id('studio');
    case 'operator':
      return row.operator_id === id('operator');
    case 'client':
    case 'newclient':
      return row.account_id === id(caller);
  }
}

async function recount(caller: Demo, range: DashboardRange) {
  const allPayments = await t.query<ScopedRow & { event_id: number; account_type: number }>(sql`
      select p.created_at as at, p.amount_cents as amount, e.id as event_id, a.account_type, e.account_id, e.studio_id, e.agent_id, e.main_agent_id, e.operator_id
        from payments p join events e on e.type = 'payment.completed' and e.subject_id = p.order_id::text
        join accounts a on a.id = e.account_id
       order by e.id`);
  // A merchant's first payment is the first the platform recorded (by event); the rest renew.
  const seen = new Set<number>();
  const merchantPayments = allPayments
    .filter((row) => Number(row.account_type) === 0)
    .map((row) => {
      const first = !seen.has(Number(row.account_id));
      seen.add(Number(row.account_id));
      return { ...row, first };
    })
    .filter((row) => counts(caller, row));
  const payments = allPayments.filter((row) => counts(caller, row));
  const refunds = (
    await t.query<ScopedRow>(sql`
      select coalesce(r.processed_at, r.created_at) as at, r.amount_cents as amount, e.account_id, e.studio_id, e.agent_id, e.main_agent_id, e.operator_id
        from refunds r join events e on e.type = 'payment.refunded' and (e.payload->>'refund_id')::int = r.id
       where r.status = 'completed'`)
  ).filter((row) => counts(caller, row));
  // Merchants as they are placed now, derived the way an event's scope is (account repository).
  const clients = (
    await t.query<Omit<ScopedRow, 'at' | 'amount'>>(sql`
      select c.id as account_id, c.studio_id, ag.id as agent_id,
             case when ag.id is null then null when ag.agent_type = 'sub' then ag.main_agent_id else ag.id end as main_agent_id, c.operator_id
        from accounts c left join accounts s on s.id = c.studio_id left join accounts ag on ag.id = coalesce(c.agent_id, s.agent_id)
       where c.account_type = 0`)
  ).filter((row) => counts(caller, { ...row, at: new Date(), amount: 0 }));
  // Plays: each video's growth per day is its largest reading that day less its largest before.
  // Placement-free callers only (the platform, a merchant itself): a studio's or an agent's share
  // follows where the merchant stood at each reading, which the events hold and the payments
  // recount above already covers.
  const placementFree = caller === 'super' || caller === 'admin' || caller === 'client' || caller === 'newclient';
  const ownOnly = caller === 'client' || caller === 'newclient' ? ids.get(caller)! : null;
  const growth = placementFree
    ? await t.query<{ day: string; plays: number }>(sql`
        with daily as (
          select job_id, merchant_id, (taken_at at time zone 'UTC')::date as day, max(plays) as plays
            from video_metric_snapshots where plays is not null group by job_id, merchant_id, (taken_at at time zone 'UTC')::date
        )
        select day::text as day, plays - coalesce(lag(plays) over (partition by job_id order by day), 0) as plays
          from daily where ${ownOnly}::int is null or merchant_id = ${ownOnly}::int`)
    : [];
  const published = placementFree
    ? await t.query<{ day: string }>(sql`
        select (published_at at time zone 'UTC')::date::text as day from video_publish_jobs
         where published_at is not null and (${ownOnly}::int is null or merchant_id = ${ownOnly}::int)`)
    : [];
  const first = (await t.query<{ day: string | null }>(sql`select min(day)::text as day from dashboard_daily`))[0]?.day ?? null;
  const period = periodOf(range, new Date(), first);
  const within = (rows: ScopedRow[], from: string | null, to: string | null) =>
    from === null ? null : rows.filter((row) => (range === 'all' ? dayOf(new Date(row.at)) <= to! : dayOf(new Date(row.at)) >= from && dayOf(new Date(row.at)) <= to!));
  const sum = (rows: ScopedRow[] | null) => (rows === null ? null : rows.reduce((total, row) => total + Number(row.amount), 0));
  const fig = (rows: ScopedRow[], from: string | null, to: string | null) => ({
    count: within(rows, from, to)?.length ?? null,
    cents: sum(within(rows, from, to)),
  });
  const inDays = <T extends { day: string }>(rows: T[], from: string | null, to: string | null) =>
    from === null ? null : rows.filter((row) => (range === 'all' || row.day >= from) && row.day <= to!);
  const videoFigure = <T extends { day: string }>(rows: T[], add: (row: T) => number) => {
    const total = (list: T[] | null) => (list === null ? null : list.reduce((sum, row) => sum + add(row), 0));
    return { value: total(inDays(rows, period.from, period.to)), previous: total(inDays(rows, period.previous_from, period.previous_to)) };
  };
  const merchantFigure = (first: boolean) => {
    const rows = merchantPayments.filter((row) => row.first === first);
    return { value: fig(rows, period.from, period.to).count, previous: fig(rows, period.previous_from, period.previous_to).count };
  };
  const cur = { p: fig(payments, period.from, period.to), r: fig(refunds, period.from, period.to) };
  const prev = { p: fig(payments, period.previous_from, period.previous_to), r: fig(refunds, period.previous_from, period.previous_to) };
  return {
    payments: { value: cur.p.count, previous: prev.p.count },
    gross_cents: { value: cur.p.cents, previous: prev.p.cents },
    refunds_cents: { value: cur.r.cents, previous: prev.r.cents },
    revenue_cents: { value: cur.p.cents! - cur.r.cents!, previous: prev.p.cents === null ? null : prev.p.cents - prev.r.cents! },
    clients: clients.length,
    paid: merchantFigure(true),
    renewed: merchantFigure(false),
    plays: placementFree ? videoFigure(growth, (row) => Math.max(0, Number(row.plays))) : null,
    videos_published: placementFree ? videoFigure(published, () => 1) : null,
    studios: Number(
      (
        await t.query<{ n: number }>(sql`
          select count(*)::int as n from accounts s left join accounts ag on ag.id = s.agent_id
           where s.account_type = 1 and (${caller === 'super' || caller === 'admin'} or (${caller === 'agent'} and (ag.id = ${ids.get('agent')!} or ag.main_agent_id = ${ids.get('agent')!}))
                  or (${caller === 'subagent'} and ag.id = ${ids.get('subagent')!}))`)
      )[0]!.n,
    ),
  };
}

async function expectRecount(): Promise<void> {
  for (const caller of DEMO) {
    for (const range of DASHBOARD_RANGES) {
      const expected = await recount(caller, range);
      const pay = await t.call<DashboardPayResponse>('/v1/dashboard/pay', { range }, { token: token(caller) });
      expect(pay.code, pay.msg).toBe('200');
      const label = `${caller} ${range}`;
      expect({ payments: pay.data.payments, gross_cents: pay.data.gross_cents, refunds_cents: pay.data.refunds_cents, revenue_cents: pay.data.revenue_cents }, label).toEqual({
        payments: expected.payments,
        gross_cents: expected.gross_cents,
        refunds_cents: expected.refunds_cents,
        revenue_cents: expected.revenue_cents,
      });
      // The trend's days add up to the period's revenue.
      expect(pay.data.trend.reduce((total, point) => total + point.revenue_cents, 0), label).toBe(expected.revenue_cents.value);
      const total = await t.call<DashboardTotalResponse>('/v1/dashboard/total', { range }, { token: token(caller) });
      expect(total.code, total.msg).toBe('200');
      expect(total.data.revenue_cents, label).toEqual(expected.revenue_cents);
      // The merchants' panel is for those who serve or manage merchants, not for a merchant.
      if (caller !== 'client' && caller !== 'newclient') {
        const merchants = await t.call<DashboardClientResponse>('/v1/dashboard/client', { range }, { token: token(caller) });
        expect(merchants.code, merchants.msg).toBe('200');
        expect({ paid: merchants.data.paid, renewed: merchants.data.renewed }, `${label} first payments and renewals`).toEqual({ paid: expected.paid, renewed: expected.renewed });
      }
      if (expected.plays) {
        expect(total.data.plays, `${label} plays`).toEqual(expected.plays);
        expect(total.data.videos_published, `${label} videos published`).toEqual(expected.videos_published);
        // The trend's days add up to the period's plays.
        expect(pay.data.trend.reduce((sum, point) => sum + point.plays, 0), `${label} plays trend`).toBe(expected.plays.value);
      }
      // A stock is its value at the period's end: today's is the one the accounts table shows.
      if (range !== 'yesterday') {
        expect(total.data.clients.value, `${label} merchants now`).toBe(expected.clients);
        if (total.data.studios !== null) expect(total.data.studios.value, `${label} studios now`).toBe(expected.studios);
      }
    }
  }
}

/** Commissions over the whole network: each party's own, and all of them and the platform's share for staff. */
async function expectCommissions(): Promise<void> {
  const shares = await t.query<{ beneficiary_id: number | null; role: string; net: number }>(
    sql`select beneficiary_id, role, (amount_cents - reversed_cents)::int as net from commissions`,
  );
  const platform = (row: { role: string }) => row.role === 'platform' || row.role === 'unallocated';
  const total = (rows: typeof shares) => rows.reduce((sum, row) => sum + Number(row.net), 0);
  for (const caller of ['super', 'agent', 'subagent', 'studio'] as const) {
    const profit = await t.call<DashboardProfitResponse>('/v1/dashboard/profit', { range: 'all' }, { token: token(caller) });
    expect(profit.code, profit.msg).toBe('200');
    if (caller === 'super') {
      expect(profit.data.commission_cents.value).toBe(total(shares.filter((row) => !platform(row))));
      expect(profit.data.platform_profit_cents?.value).toBe(total(shares.filter(platform)));
    } else {
      expect(profit.data.commission_cents.value, caller).toBe(total(shares.filter((row) => !platform(row) && row.beneficiary_id === ids.get(caller))));
      expect(profit.data.platform_profit_cents, caller).toBeNull();
    }
    expect(profit.data.trend.reduce((sum, point) => sum + point.commission_cents, 0), caller).toBe(profit.data.commission_cents.value);
  }
}

describe('dashboard figures equal a recount from the raw rows', () => {
  it('after the demo backfill', async () => {
    await expectRecount();
  }, 120_000);

  it('after random payments, refunds, reassignments and statistics readings, for every role and range', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 6 }), async (commands) => {
        for (const c of commands) await run(c);
        await expectRecount();
        await expectCommissions();
      }),
      { numRuns: 3, seed: 20_261_123 },
    );
  }, 300_000);

  it('counts an event delivered twice once', async () => {
    const before = await t.call<DashboardPayResponse>('/v1/dashboard/pay', { range: 'today' }, { token: token('super') });
    const afterId = await lastEventId(t);
    const paid = await merchantPays(t, token('newclient'));
    const [event] = await t.query<{ id: number }>(sql`select id from events where id > ${afterId} and type = 'payment.completed'`);
    const delivery = { event_id: Number(event!.id), subscriber: ROLLUP_SUBSCRIBER };
    expect(await t.app.services.events.deliver(delivery)).toBe('delivered');
    expect(await t.app.services.events.deliver(delivery)).toBe('duplicate');
    await deliverAll();
    const after = await t.call<DashboardPayResponse>('/v1/dashboard/pay', { range: 'today' }, { token: token('super') });
    expect(after.data.payments.value).toBe(before.data.payments.value + 1);
    expect(after.data.gross_cents.value).toBe(before.data.gross_cents.value + paid);
  }, 60_000);
});
