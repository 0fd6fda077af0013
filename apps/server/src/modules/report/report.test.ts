import type { DashboardPayResponse, DashboardTotalResponse, MonthlyReport, MonthlyReportList } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoVideos } from '../../demo/video-seed.js';
import { backfillDashboard } from '../../scripts/dashboard-backfill.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_ROLE_OF } from '../../test/demo-roles.js';
import { merchantPays } from '../../test/settlement-fixtures.js';
import { videoWorld } from '../../test/video-fixtures.js';
import { DashboardService } from '../dashboard/service.js';
import { ReportService } from './service.js';

/**
 * Monthly reports against the figures they state: built once per merchant and month, on the
 * first in the merchant's time zone; the month's plays and videos equal the dashboard's for the
 * same days; the PDF comes in the reader's language; and only those who may read the merchant
 * open its report. The demo's video history is seeded at a fixed date, so the months are known.
 */
let t: TestApp;
let tokens: Map<string, string>;
let ids: Map<string, number>;
const NOW = new Date('2026-11-28T12:00:00Z');
const NOVEMBER_END = new Date('2026-11-30T12:00:00Z');

const call = <T>(path: string, body: object, name: string, lang?: string) => t.call<T>(path, body, { token: tokens.get(name)!, ...(lang ? { lang } : {}) });

/** A report service whose clock says `at`: the job as it runs then. */
const reportsAt = (at: Date) => {
  const s = t.app.services;
  return new ReportService(s.database.db, { dashboard: s.dashboard, video: s.video, payments: s.payments, accounts: s.accounts, areas: s.areas, notificationDelivery: s.notificationDelivery }, s.events, s.storage, { urlTtlSeconds: 600 }, () => at);
};

beforeAll(async () => {
  t = await createTestApp();
  ({ tokens, ids } = await videoWorld(t));
  await seedDemoVideos(t.app.services, NOW);
  await backfillDashboard(t.app.services);
  // A month's plan, paid in October: the price a report's cost per thousand plays is counted from.
  await merchantPays(t, tokens.get('client')!);
  await t.query(sql`update orders set paid_at = '2026-10-15T10:00:00Z' where account_id = ${ids.get('client')!}`);
  await t.query(sql`update accounts set expire_at = '2026-12-15T00:00:00Z', created_at = '2026-08-01T00:00:00Z' where id = ${ids.get('client')!}`);
}, 120_000);
afterAll(() => t?.close());

describe('building', () => {
  it('waits for the first of the month in the merchant’s time zone, then builds last month’s report once', async () => {
    const merchant = ids.get('client')!;
    // 05:00 UTC on December 1st is still November 30th in Los Angeles (the demo merchant's zone).
    expect(await reportsAt(new Date('2026-12-01T05:00:00Z')).buildDue()).toBe(0);
    const due = reportsAt(new Date('2026-12-01T08:30:00Z'));
    const built = await due.buildDue();
    expect(built).toBeGreaterThanOrEqual(1);
    // A second pass, another instance's or the next hour's, finds it made.
    expect(await due.buildDue()).toBe(0);
    expect(await due.build(merchant, '2026-11')).toBeNull();
    const rows = await t.query<{ month: string; n: number }>(sql`select month, count(*)::int as n from monthly_reports where merchant_id = ${merchant} group by month`);
    expect(rows).toEqual([{ month: '2026-11', n: 1 }]);
    const events = await t.query<{ n: number }>(sql`select count(*)::int as n from events where type = 'report.monthly_ready' and account_id = ${merchant}`);
    expect(events[0]!.n).toBe(1);
  });

  it('tells the merchant in the center and by mail in its language, as its settings say', async () => {
    const merchant = ids.get('client')!;
    const other = ids.get('client2')!;
    await t.app.services.reports.build(other, '2026-11');
    await t.app.services.notificationCenter.rememberLanguage({ id: merchant } as never, 'es-ES');
    // The other merchant turned mail off: its report reaches the center only.
    await t.query(sql`update accounts set notifications = notifications || '{"email": false}'::jsonb where id = ${other}`);
    const events = await t.query<{ id: number }>(sql`select id from events where type = 'report.monthly_ready' and account_id in (${merchant}, ${other})`);
    for (const event of events) await t.app.services.events.deliver({ event_id: event.id, subscriber: 'notification.center' });
    await t.app.services.notificationDelivery.sendPending();

    const list = await call<{ list: { kind: string; title: string; link: string | null }[] }>('/v1/notification/list', { tab: 'interactive' }, 'client', 'es');
    const notice = list.data.list.find((item) => item.kind === 'monthly_report');
    expect(notice?.title).toBe('Tu informe de 2026/11 está listo');
    expect(notice?.link).toMatch(/^\/reports\?id=\d+$/);
    const mail = t.mailer.lastTo('client@example.com');
    expect(mail?.subject).toBe('Tu informe de 2026/11 está listo');
    expect(mail?.text).toContain('/reports?id=');
    expect(t.mailer.lastTo('client2@example.com')).toBeUndefined();
    const theirs = await call<{ list: { kind: string }[] }>('/v1/notification/list', { tab: 'interactive' }, 'client2');
    expect(theirs.data.list.some((item) => item.kind === 'monthly_report')).toBe(true);
  });
});

describe('figures', () => {
  it('states the dashboard’s plays and videos of the same month, and the platforms add up to them', async () => {
    const merchant = ids.get('client')!;
    const [row] = await t.query<{ id: number }>(sql`select id from monthly_reports where merchant_id = ${merchant} and month = '2026-11'`);
    const report = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id }, 'client');
    expect(report.code, report.msg).toBe('200');
    // The dashboard of a clock on November 30th over 30 days: exactly November's days.
    const s = t.app.services;
    const dashboard = new DashboardService(s.database.db, { accounts: s.accounts, agents: s.agents, clients: s.clients, payments: s.payments, material: s.material, events: s.events }, () => NOVEMBER_END);
    const caller = (await s.accounts.actingAs(merchant))!;
    const total: DashboardTotalResponse = await dashboard.total(caller, '30d');
    expect(total.period).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(report.data.plays).toBe(total.plays.value);
    expect(report.data.videos_published).toBe(total.videos_published.value);
    expect(report.data.plays).toBeGreaterThan(0);
    const pay: DashboardPayResponse = await dashboard.pay(caller, '30d');
    expect(report.data.plays).toBe(pay.trend.reduce((sum, day) => sum + day.plays, 0));
    expect(report.data.platforms.reduce((sum, row) => sum + (row.plays ?? 0), 0)).toBe(report.data.plays);
    expect(report.data.platforms.reduce((sum, row) => sum + row.videos, 0)).toBe(report.data.videos_published);
    // October (31 days) is the month before, and its plays are October's days.
    expect(report.data.period).toEqual({ from: '2026-11-01', to: '2026-11-30', previous_from: '2026-10-01', previous_to: '2026-10-31' });
    expect(report.data.plays_figure.previous).toBeGreaterThan(0);
    // The plan's month price over the month's plays, per thousand.
    expect(report.data.plan?.price_cents).toBeGreaterThan(0);
    expect(report.data.cost_per_thousand_cents).toBe(Math.round((report.data.plan!.price_cents * 1000) / report.data.plays));
    // The leading videos by plays gained, with their covers signed for the reader.
    expect(report.data.top.length).toBeGreaterThan(0);
    expect(report.data.top.length).toBeLessThanOrEqual(5);
    const plays = report.data.top.map((video) => video.plays);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
    expect(report.data.work.videos_made).toBeGreaterThan(0);
  });

  it('stays as it was built when the figures change later', async () => {
    const merchant = ids.get('client')!;
    const [row] = await t.query<{ id: number }>(sql`select id from monthly_reports where merchant_id = ${merchant} and month = '2026-11'`);
    const before = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id }, 'client');
    await t.query(sql`update dashboard_daily set plays = plays + 1000 where scope_kind = 'client' and scope_id = ${merchant} and day = '2026-11-10'`);
    const after = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id }, 'client');
    expect(after.data.plays).toBe(before.data.plays);
    await t.query(sql`update dashboard_daily set plays = plays - 1000 where scope_kind = 'client' and scope_id = ${merchant} and day = '2026-11-10'`);
  });
});

describe('reading', () => {
  it('serves the PDF in the reader’s language, Chinese glyphs included, and keeps it', async () => {
    const merchant = ids.get('client')!;
    const [row] = await t.query<{ id: number }>(sql`select id from monthly_reports where merchant_id = ${merchant} and month = '2026-11'`);
    const zh = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id }, 'client', 'zh');
    expect(zh.data.pdf.language).toBe('zh-CN');
    expect(zh.data.pdf.file_name).toBe('nearcast-report-2026-11-zh-CN.pdf');
    const url = new URL(zh.data.pdf.url);
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document title is stored as UTF-16 text outside the compressed streams (where pdfkit
    // escapes bytes such as 月's 0x08: the words around it are searched for).
    const utf16 = (text: string) => Buffer.from(text, 'utf16le').swap16();
    expect(pdf.includes(utf16('度报告'))).toBe(true);
    expect(pdf.includes(utf16('2026'))).toBe(true);
    // A language asked for explicitly wins over the request's; each is made once and kept.
    const es = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id, language: 'es-ES' }, 'client', 'zh');
    expect(es.data.pdf.file_name).toBe('nearcast-report-2026-11-es-ES.pdf');
    const [kept] = await t.query<{ keys: Record<string, string> }>(sql`select pdf_keys as keys from monthly_reports where id = ${row!.id}`);
    expect(Object.keys(kept!.keys).sort()).toEqual(['en-US', 'es-ES', 'zh-CN']);
  });

  it('opens to the merchant, its operator, studio and agent, and staff; to nobody else', async () => {
    const merchant = ids.get('client')!;
    const [row] = await t.query<{ id: number }>(sql`select id from monthly_reports where merchant_id = ${merchant} and month = '2026-11'`);
    for (const name of ['client', 'operator', 'studio', 'agent', 'admin', 'super']) {
      const got = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id }, name);
      expect(got.code, `${name}: ${got.msg}`).toBe('200');
      const list = await call<MonthlyReportList>('/v1/report/monthly/list', { merchant_id: merchant }, name);
      expect(list.data.list.map((item) => item.id), name).toContain(row!.id);
    }
    for (const name of ['studio2', 'client2']) {
      const got = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id }, name, 'zh');
      expect(got.code, name).toBe('404');
      expect(got.msg).toBe('未找到该报告');
      const list = await call<MonthlyReportList>('/v1/report/monthly/list', {}, name);
      expect(list.data.list.map((item) => item.id), name).not.toContain(row!.id);
    }
    const bad = await call<MonthlyReport>('/v1/report/monthly/get', { id: row!.id, language: 'fr-FR' }, 'client');
    expect(bad.code).toBe('400');
  });

  it('answers every role as its scope says (the role × endpoint matrix)', async () => {
    const merchant = ids.get('client')!;
    const [row] = await t.query<{ id: number }>(sql`select id from monthly_reports where merchant_id = ${merchant} and month = '2026-11'`);
    const names = [...Object.keys(DEMO_ROLE_OF), 'newclient', 'studio2', 'client2'];
    for (const name of names) if (!tokens.has(name)) tokens.set(name, await t.login(`${name}@example.com`));
    const outcome = async (path: string, body: object) => {
      const answers: Record<string, string> = {};
      for (const name of names) answers[name] = (await call(path, body, name)).code;
      answers.anonymous = (await t.call(path, body)).code;
      return answers;
    };
    // Every signed-in role lists (what it may read); an unpaid merchant is asked to pay first.
    expect(await outcome('/v1/report/monthly/list', {})).toEqual({
      ...Object.fromEntries(names.map((name) => [name, '200'])),
      newclient: '402',
      anonymous: '403',
    });
    // The report opens to those who work for its merchant; the sub-agent's tree holds another studio.
    expect(await outcome('/v1/report/monthly/get', { id: row!.id })).toEqual({
      super: '200',
      admin: '200',
      agent: '200',
      subagent: '404',
      studio: '200',
      operator: '200',
      client: '200',
      newclient: '402',
      studio2: '404',
      client2: '404',
      anonymous: '403',
    });
  });

  it('lists earlier months newest first, each with its headline figures', async () => {
    const merchant = ids.get('client')!;
    await t.app.services.reports.build(merchant, '2026-10', new Date('2026-11-01T08:00:00Z'));
    const list = await call<MonthlyReportList>('/v1/report/monthly/list', {}, 'client');
    expect(list.data.list.map((item) => item.month)).toEqual(['2026-11', '2026-10']);
    expect(list.data.list[1]!.plays).toBeGreaterThan(0);
    expect(list.data.list[0]!.merchant_name).not.toBe('');
    // History a seed writes tells nobody: its event is dated when the report was due.
    const [event] = await t.query<{ at: Date }>(sql`select created_at as at from events where type = 'report.monthly_ready' and payload->>'month' = '2026-10'`);
    expect(new Date(event!.at).toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });
});
