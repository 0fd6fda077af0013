import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brief as briefSchema, plan as planSchema, render as renderSchema, type Brief, type Footage, type Plan, type Render } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRenderer, testEngine } from '../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_LOGO_MATERIAL, seedDemoLibrary } from './material-library.js';
import { seedDemoNetwork } from './network.js';
import { seedDemoVideos } from './video-seed.js';
import { DEMO_BRIEFS, DEMO_MERCHANT, DEMO_REJECT_REASON, decideDemoHistory, seedDemoProduction, type ProductionSeedSummary } from './production-seed.js';

let t: TestApp;
let summary: ProductionSeedSummary | null;
let staff: string;
let workRoot: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ areas: true });
  // As at start-up: the network, the video history (client@'s sandbox accounts, where an
  // approved draft is posted), then the library after the server listens.
  await seedDemoNetwork(t.app.services);
  await seedDemoVideos(t.app.services);
  // The library first, as at start-up: the demo merchant's logo is one of its images.
  await seedDemoLibrary(t.app.services, t.app.log);
  summary = await seedDemoProduction(t.app.services);
  staff = await t.login('super@example.com');
  for (const { email } of DEMO_BRIEFS) {
    const [row] = await t.query<{ id: number }>(sql`select id from accounts where email = ${email}`);
    ids.set(email, row!.id);
  }
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-demo-production-'));
}, 300_000);

afterAll(async () => {
  await t?.close();
  if (workRoot) await fs.rm(workRoot, { recursive: true, force: true });
});

const post = async <T>(url: string, body: object, token = staff): Promise<T> => {
  const response = await t.call<T>(url, body, { token });
  expect(response.code, `${url}: ${response.msg}`).toBe('200');
  return response.data;
};

const rendersOf = async (day: string): Promise<Render[]> => {
  const { list } = await post<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: ids.get(DEMO_MERCHANT), date: day, page_size: 100 });
  return list.map((render) => renderSchema.parse(render)).sort((a, b) => a.id - b.id);
};

describe('the demo production line', () => {
  it('gives five merchants a brief, as the contract reads it, filled by their studios in each of their languages', async () => {
    expect(summary).toMatchObject({ briefs: 5, plans: 5 });
    const logo = (await post<{ list: Footage[] }>('/v1/footage/list', { merchant_id: ids.get(DEMO_MERCHANT), type: 'image', page_size: 100 })).list.find(
      (item) => item.name === DEMO_LOGO_MATERIAL,
    );
    expect(logo?.status).toBe('active');
    for (const demo of DEMO_BRIEFS) {
      const brief: Brief = briefSchema.parse(await post('/v1/creative/brief/get', { merchant_id: ids.get(demo.email) }));
      expect(brief.update_time, demo.email).not.toBeNull();
      expect(brief).toMatchObject(demo.brief);
      for (const field of ['shop_name', 'address'] as const) expect(brief[field], `${demo.email} ${field}`).not.toBe('');
      // Each of its videos' languages has its own offer, call to action and hours.
      for (const field of ['offer', 'call_to_action', 'hours'] as const) {
        for (const language of brief.languages) expect(brief[field][language], `${demo.email} ${field} ${language}`).not.toBe('');
      }
      expect(brief.logo_footage_id, demo.email).toBe(demo.logo ? logo!.id : null);
    }
  });

  it('gives them plans: client@’s on, five a day (2 en, 2 es, 1 zh) with the studio reviewing; the others saved, off', async () => {
    const plans = new Map<string, Plan>();
    for (const demo of DEMO_BRIEFS) plans.set(demo.email, planSchema.parse(await post('/v1/creative/plan/get', { merchant_id: ids.get(demo.email) })));
    expect(plans.get(DEMO_MERCHANT)).toMatchObject({ enabled: true, mix: { en: 2, es: 2, zh: 1 }, per_day: 5, studio_review: true, time_zone: 'America/Los_Angeles' });
    expect(plans.get('golden.dumpling.house@example.com')).toMatchObject({ enabled: false, per_day: 4, time_zone: 'America/Los_Angeles' });
    expect(plans.get('bellaire.dance.academy@example.com')).toMatchObject({ enabled: false, per_day: 3, studio_review: false, merchant_approval: true, time_zone: 'America/Chicago' });
    for (const email of ['mariachi.plaza.cafe@example.com', 'sunset.barbers@example.com']) {
      expect(plans.get(email), email).toMatchObject({ enabled: true, per_day: 3, studio_review: true });
    }
    for (const plan of plans.values()) expect(plan.update_time).not.toBeNull();
    expect(plans.get(DEMO_MERCHANT)!.last_run_date).toBe(summary!.today);
  });

  it('runs client@’s plan for today and yesterday through the plan service: queued renders, not pretend ones', async () => {
    expect(summary!.renders).toBe(10);
    const scripts = new Set<number>();
    for (const day of [summary!.today, summary!.yesterday]) {
      const renders = await rendersOf(day);
      expect(renders.map((render) => render.language).sort(), day).toEqual(['en', 'en', 'es', 'es', 'zh']);
      for (const render of renders) {
        expect(render).toMatchObject({ state: 'queued', origin: 'plan', plan_date: day, draft: 'pending', output_footage_id: null, video_url: null });
        scripts.add(render.script_id!);
      }
    }
    // Ten different scripts: the plan writes each day's to differ from the last 30 days'.
    expect(scripts.size).toBe(10);
    // The studio of the demo merchant sees them; another studio does not.
    const list = async (email: string) => (await post<{ total: number }>('/v1/creative/render/list', { merchant_id: ids.get(DEMO_MERCHANT) }, await t.login(email))).total;
    expect(await list('studio@example.com')).toBe(10);
    expect(await list('bayou.video.lab@example.com')).toBe(0);
  });

  it('runs today for the café and the barbershop too, so the studio’s queue opens on three merchants', async () => {
    const studio = await t.login('studio@example.com');
    const queue = await post<{ by_merchant: { merchant_id: number; pending: number }[] }>('/v1/creative/render/list', { page_size: 100 }, studio);
    for (const email of ['mariachi.plaza.cafe@example.com', 'sunset.barbers@example.com']) {
      const { list } = await post<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: ids.get(email), page_size: 100 }, studio);
      expect(list.map((render) => render.language).sort(), email).toEqual(['en', 'en', 'es']);
    }
    expect(queue.by_merchant).toBeDefined();
  });

  it('decides two of yesterday’s drafts only once they are really rendered: one into a post, one turned down', async () => {
    const options = { merchantId: summary!.merchantId, studioId: summary!.studioId, day: summary!.yesterday, pollMs: 1, keepWaiting: () => false };
    // Nothing is done yet: nothing to decide.
    expect(await decideDemoHistory(t.app.services, options)).toBeNull();

    const { engine } = testEngine(t, { render: fakeRenderer(), workRoot });
    for (const render of await rendersOf(summary!.yesterday)) await engine.run(render.id);
    const decided = await decideDemoHistory(t.app.services, options);
    expect(decided).not.toBeNull();
    // The turned-down draft's replacement is made in the background, as after any rejection.
    await t.app.services.creativePlans.idle();

    const [made, replacement] = [(await rendersOf(summary!.yesterday)).slice(0, 5), (await rendersOf(summary!.yesterday)).slice(5)];
    const day = made;
    expect(day.every((render) => render.state === 'done' && render.output_footage_id !== null && render.video_url !== null)).toBe(true);
    const approved = day.find((render) => render.id === decided!.approved)!;
    expect(approved).toMatchObject({ draft: 'approved', post_id: decided!.postId });
    // The post is of the video the render made (its material), in the merchant's name.
    const postRow = await post<{ id: number; footage_id: number | null; merchant_id: number }>('/v1/video/get', { id: decided!.postId });
    expect(postRow).toMatchObject({ id: decided!.postId, merchant_id: ids.get(DEMO_MERCHANT), footage_id: approved.output_footage_id });
    expect(day.find((render) => render.id === decided!.rejected)).toMatchObject({ draft: 'rejected', reject_reason: DEMO_REJECT_REASON });
    expect(day.filter((render) => render.draft === 'pending')).toHaveLength(3);
    // The turned-down draft's slot is made again, so the day still ends with five videos.
    const rejected = day.find((render) => render.id === decided!.rejected)!;
    expect(replacement).toHaveLength(1);
    expect(replacement[0]).toMatchObject({ state: 'queued', origin: 'plan', plan_date: summary!.yesterday, language: rejected.language, draft: 'pending' });
    // Today's are still the studio's to decide.
    expect((await rendersOf(summary!.today)).every((render) => render.draft === 'pending')).toBe(true);

    // Decided once: a second look leaves the day as it is.
    expect(await decideDemoHistory(t.app.services, options)).toBeNull();
  });

  it('seeds once', async () => {
    expect(await seedDemoProduction(t.app.services)).toBeNull();
  });
});
