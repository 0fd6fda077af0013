import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, calendarDay, HOOK_STYLES, type LearningArmBelief, type LearningSettings, type Render } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaterial, fakeRenderer, testEngine } from '../../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { connectSandbox, videoWorld, type VideoWorld } from '../../../test/video-fixtures.js';
import { outcomePort } from './outcomes.js';

/**
 * The plan's pins and bans over the API (docs/decisions/085): set by staff and the merchant's
 * studio, read by its operator, refused with a clear 400 when they contradict themselves, and
 * held by the day's plan, whose drafts say why they were chosen in the reader's language.
 */
let t: TestApp;
let w: VideoWorld;
let merchant: number;
let dataDir: string;
let workRoot: string;

const as = (name: string, lang?: 'en' | 'es' | 'zh') => ({ token: w.tokens.get(name)!, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-learning-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-learning-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchant = w.ids.get('client')!;
  await addMaterial(t, w.tokens.get('client')!, 'mp4');
  await connectSandbox(t, w.tokens.get('studio')!, merchant);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('pins and bans', () => {
  it('start empty, are set by the studio, read by its operator, and replaced whole', async () => {
    const empty = await t.call<LearningSettings>('/v1/creative/learning/get', { merchant_id: merchant }, as('studio'));
    expect(empty.code, empty.msg).toBe('200');
    expect(empty.data).toMatchObject({ merchant_id: merchant, pins: {}, bans: {}, update_time: null });
    expect(empty.data.arms.look).toContain('street_pop');
    expect(empty.data.arms.posting_hour).toEqual(['09:00', '12:00', '15:00', '18:30', '20:30']);

    const set = await t.call<LearningSettings>(
      '/v1/creative/learning/set',
      { merchant_id: merchant, pins: { hook_style: 'local_pride' }, bans: { look: ['classic', 'street_pop'], length_band: ['long'] } },
      as('studio'),
    );
    expect(set.code, set.msg).toBe('200');
    expect(set.data).toMatchObject({ pins: { hook_style: 'local_pride' }, bans: { look: ['classic', 'street_pop'], length_band: ['long'] } });
    const read = await t.call<LearningSettings>('/v1/creative/learning/get', { merchant_id: merchant }, as('operator'));
    expect(read.data.pins).toEqual({ hook_style: 'local_pride' });
    expect((await t.call('/v1/creative/learning/set', { merchant_id: merchant }, as('operator'))).code).toBe('403');
    expect((await t.call('/v1/creative/learning/get', { merchant_id: merchant }, as('client'))).code).toBe('403');
  });

  it('refuses a pin that is also banned, a ban of every arm and an unknown arm, in the caller’s language, and changes nothing', async () => {
    const clash = await t.call('/v1/creative/learning/set', { merchant_id: merchant, pins: { look: 'classic' }, bans: { look: ['classic'] } }, as('studio', 'es'));
    expect(clash.code).toBe('400');
    expect((clash.data as { fields: Record<string, string> }).fields['pins.look']).toBe('Una opción fijada no puede estar también prohibida');
    const all = await t.call('/v1/creative/learning/set', { merchant_id: merchant, bans: { length_band: ['short', 'medium', 'long'] } }, as('studio', 'zh'));
    expect(all.code).toBe('400');
    expect((all.data as { fields: Record<string, string> }).fields['bans.length_band']).toBe('请至少保留一个允许的选项');
    const unknown = await t.call('/v1/creative/learning/set', { merchant_id: merchant, pins: { posting_hour: '03:00' } }, as('studio'));
    expect(unknown.code).toBe('400');
    const read = await t.call<LearningSettings>('/v1/creative/learning/get', { merchant_id: merchant }, as('studio'));
    expect(read.data.pins).toEqual({ hook_style: 'local_pride' });
  });

  it('are the uniform not-found for another studio’s merchant', async () => {
    const other = w.ids.get('client2')!;
    expect((await t.call('/v1/creative/learning/get', { merchant_id: other }, as('studio'))).code).toBe('404');
    expect((await t.call('/v1/creative/learning/set', { merchant_id: other, pins: { hook_style: 'question' } }, as('studio'))).code).toBe('404');
  });

  it('hold in the day’s plan, whose drafts say why in the reader’s language', async () => {
    const day = addDays(calendarDay(new Date(), 'America/Los_Angeles'), 1);
    const run = await t.call('/v1/creative/plan/run', { merchant_id: merchant, date: day }, as('studio'));
    expect(run.code, run.msg).toBe('200');
    await t.app.services.creativePlans.idle();
    const rows = await t.query<{ id: number; learning: { hookStyle: string; look: string; lengthBand: string; hour: string }; beats: number }>(
      sql`select r.id, r.learning, jsonb_array_length(r.script->'beats') as beats from creative_renders r where merchant_id = ${merchant} and plan_date = ${day} order by plan_slot`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.learning.hookStyle).toBe('local_pride');
      expect(['classic', 'street_pop']).not.toContain(row.learning.look);
      expect(row.learning.lengthBand).not.toBe('long');
      expect(row.beats).toBeLessThanOrEqual(row.learning.lengthBand === 'short' ? 3 : 4);
      expect(['09:00', '12:00', '15:00', '18:30', '20:30']).toContain(row.learning.hour);
    }
    for (const [lang, text] of [
      ['en', 'Pinned by the studio: local-pride openings'],
      ['es', 'Fijado por el estudio: las aperturas de orgullo local'],
      ['zh', '工作室已固定：本地自豪式开头'],
    ] as const) {
      const listed = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: merchant, date: day, page_size: 100 }, as('studio', lang));
      const plan = listed.data.list.filter((render) => render.origin === 'plan');
      expect(plan).toHaveLength(5);
      for (const render of plan) expect(render.reason, lang).toMatch(new RegExp(`^${text}`));
    }
  });

  it('are made in the look the learner chose, and an approved draft goes out at the hour it chose', async () => {
    const day = addDays(calendarDay(new Date(), 'America/Los_Angeles'), 2);
    await t.call('/v1/creative/plan/run', { merchant_id: merchant, date: day }, as('studio'));
    await t.app.services.creativePlans.idle();
    const rows = await t.query<{ id: number; learning: { look: string; hour: string } }>(
      sql`select id, learning from creative_renders where merchant_id = ${merchant} and plan_date = ${day} order by plan_slot limit 2`,
    );
    const engine = testEngine(t, { render: fakeRenderer(), workRoot }).engine;
    for (const row of rows) await engine.run(row.id);
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const row of rows) {
      const approved = await t.call<Render>('/v1/creative/draft/approve', { id: row.id }, as('studio'));
      expect(approved.code, approved.msg).toBe('200');
      expect(approved.data.look).toBe(row.learning.look);
      const [slot] = await t.query<{ slot_at: Date }>(sql`select slot_at from creative_renders where id = ${row.id}`);
      const [h, m] = row.learning.hour.split(':').map(Number) as [number, number];
      const quarters = [0, 15, 30, 45].map((extra) => {
        const minutes = h * 60 + m + extra;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      });
      expect(quarters).toContain(clock.format(new Date(slot!.slot_at)));
    }
  }, 120_000);

  it('reads its evidence from the post outcomes: its own and its category’s, a post not 24 hours old left out', async () => {
    const other = w.ids.get('client2')!;
    const [render] = await t.query<{ id: number; learning: { lengthBand: string } }>(sql`select id, learning from creative_renders where merchant_id = ${merchant} and learning is not null limit 1`);
    const at = new Date(Date.now() - 3 * 86_400_000);
    // Not 24 hours old: no result yet (an older post with no reading reads 0 plays, as the insights say).
    const young = new Date(Date.now() - 2 * 3_600_000);
    await t.query(sql`insert into creative_post_outcomes (post_id, platform, merchant_id, render_id, category, language, look, hook_style, posted_at, posting_hour, plays_24h, plays, likes, comments, shares)
      values (900001, 'tiktok', ${merchant}, ${render!.id}, 'cafe', 'es', 'classic', 'question', ${at}, 18, 1200, 1500, 30, 10, 5),
             (900002, 'tiktok', ${merchant}, null, 'cafe', 'en', 'classic', 'bold_claim', ${young}, 9, null, 10, 0, 0, 0),
             (900003, 'youtube', ${other}, null, 'cafe', 'zh', 'editorial', 'local_pride', ${at}, 12, 300, 300, 3, 0, 0)`);
    const evidence = await outcomePort(t.database.db, () => Promise.resolve('cafe'))(merchant);
    expect(evidence.own).toEqual([
      expect.objectContaining({ merchantId: merchant, language: 'es', platform: 'tiktok', hook: 'question', look: 'classic', length: render!.learning.lengthBand, hour: 18, plays24h: 1200, visits: 0 }),
    ]);
    expect(evidence.own[0]!.engagement).toBeCloseTo(45 / 1500, 5);
    expect(evidence.pool).toEqual([expect.objectContaining({ merchantId: other, language: 'zh', hook: 'local_pride', length: null, plays24h: 300 })]);
  });

  it('say what the learner believes: a year of results where question hooks win, read by the operator, with pins and bans applied', async () => {
    // A year of five Spanish posts a day, question hooks three times the plays (the window reads the last 90 days).
    const rows = Array.from({ length: 365 * 5 }, (_, i) => {
      const hook = HOOK_STYLES[i % HOOK_STYLES.length]!;
      const plays = (hook === 'question' ? 3000 : 1000) + ((i * 7919) % 400);
      return sql`(${910_000 + i}, 'tiktok', ${merchant}, null, 'cafe', 'es', ${['classic', 'editorial', 'spotlight'][i % 3]!}, ${hook}, ${new Date(Date.now() - (1 + Math.floor(i / 5)) * 86_400_000)}, ${[9, 12, 18][i % 3]!}, ${plays}, ${plays}, ${Math.round(plays / 50)}, 5, 2)`;
    });
    await t.query(sql`insert into creative_post_outcomes (post_id, platform, merchant_id, render_id, category, language, look, hook_style, posted_at, posting_hour, plays_24h, plays, likes, comments, shares) values ${sql.join(rows, sql`, `)}`);

    // A save is a new answer (the day's beliefs are kept a minute per pins and bans): the read that computes them.
    let started = performance.now();
    const set = await t.call<LearningSettings>('/v1/creative/learning/set', { merchant_id: merchant, bans: { look: ['classic'] } }, as('studio'));
    const fresh = performance.now() - started;
    expect(set.code, set.msg).toBe('200');
    started = performance.now();
    const read = await t.call<LearningSettings>('/v1/creative/learning/get', { merchant_id: merchant }, as('operator'));
    const again = performance.now() - started;
    console.info(`learning/get with a year of results: ${fresh.toFixed(0)} ms computed (on set), ${again.toFixed(0)} ms read again`);
    expect(read.code, read.msg).toBe('200');
    expect(read.data.beliefs).toEqual(set.data.beliefs);
    const { beliefs } = read.data;
    expect(beliefs.draws).toBe(1000);
    expect(beliefs.window_days).toBe(90);
    const es = beliefs.languages.find((language) => language.language === 'es')!;
    expect(es.posts).toBeGreaterThanOrEqual(88 * 5);
    expect(es.posts).toBeLessThanOrEqual(90 * 5);
    const hooks = new Map(es.dimensions.hook_style.map((belief) => [belief.arm, belief]));
    const question = hooks.get('question')!;
    const best = (list: LearningArmBelief[]) => [...list].sort((a, b) => b.p_best - a.p_best)[0]!;
    expect(best(es.dimensions.hook_style).arm).toBe('question');
    expect(question.p_best).toBeGreaterThan(0.9);
    expect(question.ratio.mean).toBeGreaterThan(1.2);
    for (const other of es.dimensions.hook_style.filter((belief) => belief.arm !== 'question' && belief.posts > 0)) expect(question.reward.low).toBeGreaterThan(other.reward.high);
    expect(es.dimensions.look.find((belief) => belief.arm === 'classic')).toMatchObject({ state: 'banned', p_best: 0 });
    expect(es.dimensions.look.find((belief) => belief.arm === 'street_pop')!.posts).toBe(0);
    // Every language the plan makes videos in is there, even without results of its own.
    expect(beliefs.languages.map((language) => language.language)).toEqual(['en', 'es', 'zh']);
    expect(beliefs.languages.find((language) => language.language === 'zh')!.posts).toBe(0);

    const pinned = await t.call<LearningSettings>('/v1/creative/learning/set', { merchant_id: merchant, pins: { hook_style: 'local_pride' } }, as('studio'));
    const pinnedEs = pinned.data.beliefs.languages.find((language) => language.language === 'es')!;
    // The opening on the offer stays off while the brief has none, as the planner leaves it.
    for (const belief of pinnedEs.dimensions.hook_style) {
      expect(belief).toMatchObject(belief.arm === 'local_pride' ? { state: 'pinned', p_best: 1 } : { state: belief.arm === 'offer_first' ? 'off' : 'held', p_best: 0 });
    }
    expect((await t.call('/v1/creative/learning/get', { merchant_id: merchant }, as('client'))).code).toBe('403');
  }, 120_000);
});
