import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, calendarDay, formatMessage, type Plan, type Render } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../jobs/queue.js';
import { addMaterial, creativeAt, creativeWith, fakeRenderer, testEngine } from '../../test/creative-fixtures.js';
import { startFakeLlm } from '../../adapters/llm/fake-llm.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { PLAN_RUN_JOB } from './plan-service.js';

/**
 * The daily plan over the API (docs/decisions/051): its defaults and changes, a day's run
 * (answered at once and made in the background, only for today and the week ahead, the
 * language mix, scripts that differ from each other and from the last 30 days', varied clip
 * order), a day made once however often or however concurrently it is asked for, and the
 * morning job meeting each merchant's morning in its own time zone, skipping plans switched
 * off and merchants whose plan lapsed.
 */
let t: TestApp;
let w: VideoWorld;
let la: number;
let ny: number;
let dataDir: string;
let workRoot: string;

const as = (name: string) => ({ token: w.tokens.get(name)! });
type PlanRun = { merchant_id: number; date: string; created: boolean; preparing: boolean; renders: Render[] };

/** A day `n` days after today in Los Angeles (the demo client's zone) or New York (client2's). */
const laDay = (n: number) => addDays(calendarDay(new Date(), 'America/Los_Angeles'), n);
const nyDay = (n: number) => addDays(calendarDay(new Date(), 'America/New_York'), n);

/** plan/run's answer, given once the day it started has been made (in the background). */
async function runDay(merchantId: number, date: string, who = 'studio') {
  const answer = await t.call<PlanRun>('/v1/creative/plan/run', { merchant_id: merchantId, date }, as(who));
  await t.app.services.creativePlans.idle();
  return answer;
}

/** The day's renders as the board lists them, in slot order. */
async function madeDay(merchantId: number, date: string): Promise<Render[]> {
  const listed = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: merchantId, date, page_size: 100 }, as('admin'));
  return (await planRenders(merchantId, date)).map((row) => listed.data.list.find((render) => render.id === row.id)!);
}

async function planRenders(merchantId: number, day: string) {
  return t.query<{ id: number; language: string; plan_slot: number; seed: string; script_id: number }>(
    sql`select id, language, plan_slot, seed, script_id from creative_renders where merchant_id = ${merchantId} and plan_date = ${day} order by plan_slot`,
  );
}

async function scriptsOf(ids: number[]) {
  return t.query<{ id: number; language: string; fingerprint: string; template: string; hook_style: string; body: unknown }>(
    sql`select id, language, fingerprint, template, hook_style, body from creative_scripts where id in ${ids}`,
  );
}

async function scriptCount(merchantId: number): Promise<number> {
  const [row] = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_scripts where merchant_id = ${merchantId}`);
  return row!.n;
}

/** The morning job as pg-boss would call it, on a line whose clock says `at`. */
async function morningJob(at: string): Promise<void> {
  const line = creativeAt(t, () => new Date(at));
  const job = line.creativePlans.jobDefinitions(t.app.log).find((definition) => definition.name === 'creative.plan-daily');
  expect(job?.schedule).toBe('*/15 * * * *');
  await job!.handler({} as never);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-plan-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-plan-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  la = w.ids.get('client')!;
  ny = w.ids.get('client2')!;
  // client2 is a paying merchant in New York (three hours ahead of Los Angeles, the demo client's city).
  const [state] = await t.query<{ id: number }>(sql`insert into areas (name, code, type) values ('New York', 'NY', 'state') returning id`);
  await t.query(sql`update accounts set state_id = ${state!.id}, pay_status = 1, expire_at = now() + interval '30 days' where id = ${ny} returning id`);
  for (const kind of ['mp4', 'png', 'jpg'] as const) await addMaterial(t, w.tokens.get('client')!, kind);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('the plan', () => {
  it('answers the defaults of a plan never saved: off, five a day (2 en, 2 es, 1 zh), in the merchant’s time zone', async () => {
    for (const who of ['studio', 'operator', 'admin']) {
      const plan = await t.call<Plan>('/v1/creative/plan/get', { merchant_id: la }, as(who));
      expect(plan.code, `${who}: ${plan.msg}`).toBe('200');
      expect(plan.data).toEqual({
        merchant_id: la,
        enabled: false,
        mix: { en: 2, es: 2, zh: 1 },
        per_day: 5,
        studio_review: true,
        merchant_approval: false,
        run_hour: 7,
        time_zone: 'America/Los_Angeles',
        last_run_date: null,
        update_time: null,
      });
    }
    const other = await t.call<Plan>('/v1/creative/plan/get', { merchant_id: ny }, as('studio2'));
    expect(other.data.time_zone).toBe('America/New_York');
  });

  it('saves changes and keeps what was left out; refuses an empty or oversized mix in the caller’s language', async () => {
    const saved = await t.call<Plan>('/v1/creative/plan/update', { merchant_id: la, mix: { en: 1, es: 1, zh: 1 }, run_hour: 8 }, as('studio'));
    expect(saved.code, saved.msg).toBe('200');
    expect(saved.data).toMatchObject({ enabled: false, mix: { en: 1, es: 1, zh: 1 }, per_day: 3, run_hour: 8, studio_review: true });
    expect(saved.data.update_time).not.toBeNull();
    const read = await t.call<Plan>('/v1/creative/plan/get', { merchant_id: la }, as('operator'));
    expect(read.data).toEqual(saved.data);

    const empty = await t.call('/v1/creative/plan/update', { merchant_id: la, mix: { en: 0, es: 0, zh: 0 } }, { ...as('studio'), lang: 'zh' });
    expect(empty).toMatchObject({ code: '400', msg: formatMessage('zh', 'creative.plan_empty') });
    const many = await t.call('/v1/creative/plan/update', { merchant_id: la, mix: { en: 5, es: 5, zh: 1 } }, { ...as('studio'), lang: 'es' });
    expect(many).toMatchObject({ code: '400', msg: formatMessage('es', 'creative.plan_too_many') });
    const hour = await t.call('/v1/creative/plan/update', { merchant_id: la, run_hour: 24 }, as('studio'));
    expect(hour.code).toBe('400');
    // Nothing of the refused changes was kept.
    expect((await t.call<Plan>('/v1/creative/plan/get', { merchant_id: la }, as('studio'))).data).toEqual(saved.data);
    // Back to the spec's mix for the runs below.
    const back = await t.call<Plan>('/v1/creative/plan/update', { merchant_id: la, mix: { en: 2, es: 2, zh: 1 }, run_hour: 7 }, as('studio'));
    expect(back.data.per_day).toBe(5);
  });
});

describe('a day’s run', () => {
  it('answers at once and makes exactly per_day renders in the language mix, each different from the others', async () => {
    const day = laDay(0);
    const run = await runDay(la, day);
    expect(run.code, run.msg).toBe('200');
    expect(run.data).toMatchObject({ merchant_id: la, date: day, created: true, preparing: true });
    const made = await madeDay(la, day);
    expect(made).toHaveLength(5);
    expect(made.map((render) => render.language)).toEqual(['en', 'es', 'zh', 'en', 'es']);
    for (const render of made) expect(render).toMatchObject({ merchant_id: la, origin: 'plan', plan_date: day, state: 'queued', draft: 'pending' });

    const rows = await planRenders(la, day);
    expect(new Set(rows.map((row) => row.seed)).size).toBe(5);
    const scripts = await scriptsOf(rows.map((row) => row.script_id));
    expect(scripts).toHaveLength(5);
    expect(new Set(scripts.map((script) => script.fingerprint)).size).toBe(5);
    for (const language of ['en', 'es']) {
      const pair = scripts.filter((script) => script.language === language);
      expect(pair).toHaveLength(2);
      expect(JSON.stringify(pair[0]!.body)).not.toBe(JSON.stringify(pair[1]!.body));
      // Not the same structure with other words: another template or another hook.
      expect(`${pair[0]!.template}/${pair[0]!.hook_style}`).not.toBe(`${pair[1]!.template}/${pair[1]!.hook_style}`);
    }

    // Made, the day's videos take the library's clips in different orders.
    const renderer = fakeRenderer();
    const e = testEngine(t, { render: renderer, workRoot });
    for (const row of rows) await e.engine.run(row.id);
    const orders = await t.query<{ footage_ids: number[] }>(sql`select footage_ids from creative_renders where merchant_id = ${la} and plan_date = ${day} order by plan_slot`);
    expect(orders.every((row) => row.footage_ids.length === 3)).toBe(true);
    expect(new Set(orders.map((row) => row.footage_ids.join())).size).toBeGreaterThan(1);
    const plan = await t.call<Plan>('/v1/creative/plan/get', { merchant_id: la }, as('studio'));
    expect(plan.data.last_run_date).toBe(day);
    // Asked again: nothing new, the day's renders, no longer preparing.
    const again = await runDay(la, day);
    expect(again.data).toMatchObject({ created: false, preparing: false });
    expect(again.data.renders.map((render) => render.id).sort()).toEqual(made.map((render) => render.id).sort());
  });

  it('writes scripts unlike any the merchant had in the last 30 days, and lets older ones come back', async () => {
    const day = laDay(1);
    await runDay(la, day);
    const original = new Set((await scriptsOf((await planRenders(la, day)).map((row) => row.script_id))).map((script) => script.fingerprint));
    // The same day again from scratch (same seeds): the scripts must not repeat the first ones.
    const forget = () => t.query(sql`with gone as (delete from creative_renders where merchant_id = ${la} and plan_date = ${day} returning id) delete from creative_plan_days where merchant_id = ${la} and day = ${day} returning day`);
    await forget();
    const again = await runDay(la, day);
    expect(again.data.created).toBe(true);
    const second = (await scriptsOf((await planRenders(la, day)).map((row) => row.script_id))).map((script) => script.fingerprint);
    expect(second).toHaveLength(5);
    expect(second.filter((fingerprint) => original.has(fingerprint))).toEqual([]);
    // Once they are more than 30 days old, the first ones may be written again.
    await t.query(sql`update creative_scripts set created_at = now() - interval '31 days' where merchant_id = ${la} returning id`);
    await forget();
    await runDay(la, day);
    const third = (await scriptsOf((await planRenders(la, day)).map((row) => row.script_id))).map((script) => script.fingerprint);
    expect(third.filter((fingerprint) => original.has(fingerprint)).length).toBeGreaterThan(0);
  });

  it('makes nothing twice: the same day asked again, or by two runs at once', async () => {
    const day = laDay(2);
    const before = await scriptCount(la);
    const [a, b] = await Promise.all([runDay(la, day), runDay(la, day, 'admin')]);
    expect([a.code, b.code]).toEqual(['200', '200']);
    expect([a.data.created, b.data.created].sort()).toEqual([false, true]);
    await t.app.services.creativePlans.idle();
    expect(await planRenders(la, day)).toHaveLength(5);
    expect((await scriptCount(la)) - before).toBe(5);

    const third = await runDay(la, day);
    expect(third.data).toMatchObject({ created: false, preparing: false });
    expect(third.data.renders.map((render) => render.id).sort()).toEqual((await planRenders(la, day)).map((row) => row.id).sort());
    expect((await scriptCount(la)) - before).toBe(5);
  });

  it('leaves a day another run is making to it, and finishes a day whose run died once its claim has passed', async () => {
    const day = laDay(4);
    const before = await scriptCount(la);
    // Another process claimed the day a moment ago and is writing its scripts.
    await t.query(sql`insert into creative_plan_days (merchant_id, day, lease_until) values (${la}, ${day}, now() + interval '10 minutes') returning day`);
    const busy = await runDay(la, day);
    expect(busy.data).toMatchObject({ created: false, preparing: true, renders: [] });
    expect(await scriptCount(la)).toBe(before);
    // That process died: once its claim has passed, the next run makes the day, each slot once.
    await t.query(sql`update creative_plan_days set lease_until = now() - interval '1 second' where merchant_id = ${la} and day = ${day} returning day`);
    const taken = await runDay(la, day);
    expect(taken.data.created).toBe(true);
    expect((await madeDay(la, day)).map((render) => render.language)).toEqual(['en', 'es', 'zh', 'en', 'es']);
    expect((await runDay(la, day)).data.created).toBe(false);
    expect(await planRenders(la, day)).toHaveLength(5);
  });

  it('refuses to run for a merchant whose plan lapsed, in the caller’s language, and makes nothing', async () => {
    const day = nyDay(3);
    await t.query(sql`update accounts set expire_at = now() - interval '1 day' where id = ${ny} returning id`);
    try {
      const refused = await t.call('/v1/creative/plan/run', { merchant_id: ny, date: day }, { ...as('studio2'), lang: 'es' });
      expect(refused).toMatchObject({ code: '422', msg: formatMessage('es', 'creative.plan_inactive') });
      expect(await planRenders(ny, day)).toEqual([]);
    } finally {
      await t.query(sql`update accounts set expire_at = now() + interval '30 days' where id = ${ny} returning id`);
    }
  });

  it('runs only for today and the next 7 days in the merchant’s time zone, refusing any other day in the caller’s language', async () => {
    const before = await scriptCount(ny);
    const window = { from: nyDay(0), to: nyDay(7) };
    for (const [date, lang] of [
      [nyDay(-1), 'en'],
      [nyDay(8), 'zh'],
      ['2000-01-01', 'es'],
      ['2099-12-31', 'en'],
    ] as const) {
      const refused = await t.call<{ fields: Record<string, string> }>('/v1/creative/plan/run', { merchant_id: ny, date }, { ...as('studio2'), lang });
      expect(refused, date).toMatchObject({ code: '400', msg: formatMessage(lang, 'creative.plan_date_window', window) });
      expect(refused.data.fields.date).toBe(formatMessage(lang, 'creative.plan_date_window', window));
      expect(await planRenders(ny, date)).toEqual([]);
    }
    expect(formatMessage('zh', 'creative.plan_date_window', window)).toContain(window.to);
    expect(await scriptCount(ny)).toBe(before);
    // The last day of the window runs.
    const last = await runDay(ny, nyDay(7), 'studio2');
    expect(last.data).toMatchObject({ created: true, preparing: true });
    expect(await planRenders(ny, nyDay(7))).toHaveLength(5);
  });

  it('does not wait for a language model that never answers: the request returns at once, the run costs one timeout', async () => {
    const fake = await startFakeLlm();
    try {
      fake.setDefault({ kind: 'timeout' });
      const services = t.app.services;
      const line = creativeWith(t, { config: { ...services.config, LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'test-key', LLM_TIMEOUT_SECONDS: 3 } });
      const caller = await services.accounts.actingAs(w.ids.get('studio2')!);
      const day = nyDay(1);
      const started = Date.now();
      const answer = await line.creativePlans.run(caller!, { merchant_id: ny, date: day }, 'en');
      const answeredMs = Date.now() - started;
      // The model has not answered (it never does): the request did not wait for it.
      expect(answer).toMatchObject({ created: true, preparing: true, renders: [] });
      expect(answeredMs).toBeLessThan(1000);
      await line.creativePlans.idle();
      const madeMs = Date.now() - started;
      // Three languages, each waiting out the 3 s timeout one after the other, would take 9 s; one
      // timeout and the templates take about 3 s, and the bound leaves room for a slow machine.
      expect(madeMs).toBeLessThan(8000);
      const rows = await planRenders(ny, day);
      expect(rows).toHaveLength(5);
      const scripts = await t.query<{ engine: string; fallback_reason: string | null }>(sql`select engine, fallback_reason from creative_scripts where id in ${rows.map((row) => row.script_id)}`);
      expect(scripts.every((script) => script.engine === 'template' && script.fallback_reason !== null)).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('hands the making to the job queue where one runs, and the job makes the day', async () => {
    const sent: { name: string; data: object; options: object | undefined }[] = [];
    const services = t.app.services;
    const queue = {
      running: true,
      send: (name: string, data: object, options?: object) => {
        sent.push({ name, data, options });
        return Promise.resolve('job-1');
      },
      sendWithin: () => Promise.resolve(),
    } as unknown as JobQueue;
    const line = creativeWith(t, { jobs: queue });
    const studio2 = w.ids.get('studio2')!;
    const caller = await services.accounts.actingAs(studio2);
    const day = nyDay(2);
    const answer = await line.creativePlans.run(caller!, { merchant_id: ny, date: day }, 'en');
    expect(answer).toMatchObject({ created: true, preparing: true, renders: [] });
    expect(sent).toEqual([{ name: PLAN_RUN_JOB, data: { merchantId: ny, day, byId: studio2 }, options: { singletonKey: `plan-${ny}-${day}` } }]);
    await line.creativePlans.idle();
    expect(await planRenders(ny, day)).toEqual([]);

    const job = line.creativePlans.jobDefinitions(t.app.log).find((definition) => definition.name === PLAN_RUN_JOB);
    await job!.handler(sent[0]!.data as never);
    expect(await planRenders(ny, day)).toHaveLength(5);
    const read = await runDay(ny, day, 'studio2');
    expect(read.data).toMatchObject({ created: false, preparing: false });
    expect(read.data.renders).toHaveLength(5);
  });
});

describe('the morning job', () => {
  it('runs each merchant’s plan once, in its own morning, and never a plan switched off or a merchant whose plan lapsed', async () => {
    for (const [merchant, who] of [
      [la, 'studio'],
      [ny, 'studio2'],
    ] as const) {
      const on = await t.call<Plan>('/v1/creative/plan/update', { merchant_id: merchant, enabled: true, mix: { en: 1, es: 1, zh: 1 }, run_hour: 7 }, as(who));
      expect(on.code, on.msg).toBe('200');
    }
    const day = '2030-12-15';
    // 07:30 in New York, 04:30 in Los Angeles.
    await morningJob('2030-12-15T12:30:00Z');
    expect(await planRenders(ny, day)).toHaveLength(3);
    expect(await planRenders(la, day)).toEqual([]);
    // A quarter of an hour later: New York's day is made already.
    await morningJob('2030-12-15T12:45:00Z');
    expect(await planRenders(ny, day)).toHaveLength(3);
    // 07:10 in Los Angeles.
    await morningJob('2030-12-15T15:10:00Z');
    expect(await planRenders(la, day)).toHaveLength(3);
    expect(await planRenders(ny, day)).toHaveLength(3);
    // 01:00 in New York on the 16th, 22:00 in Los Angeles on the 15th: nobody's morning.
    await morningJob('2030-12-16T06:00:00Z');
    expect(await planRenders(ny, '2030-12-16')).toEqual([]);
    expect(await planRenders(la, '2030-12-16')).toEqual([]);

    // Los Angeles switches its plan off: its next morning makes nothing; New York's still runs.
    expect((await t.call<Plan>('/v1/creative/plan/update', { merchant_id: la, enabled: false }, as('studio'))).data.enabled).toBe(false);
    await morningJob('2030-12-16T15:30:00Z');
    expect(await planRenders(la, '2030-12-16')).toEqual([]);
    expect(await planRenders(ny, '2030-12-16')).toHaveLength(3);

    // New York's plan lapses: its next morning makes nothing.
    await t.query(sql`update accounts set expire_at = now() - interval '1 day' where id = ${ny} returning id`);
    await morningJob('2030-12-17T12:30:00Z');
    expect(await planRenders(ny, '2030-12-17')).toEqual([]);
    const plan = await t.call<Plan>('/v1/creative/plan/get', { merchant_id: ny }, as('studio2'));
    expect(plan.data.last_run_date).toBe('2030-12-16');
  });
});
