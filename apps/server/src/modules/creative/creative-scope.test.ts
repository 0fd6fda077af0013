import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BulkApproveResult, Brief, Render, ReviewCount, Role, Script } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleScript } from '../../test/creative-fixtures.js';
import { declaredRoles } from '../../test/declared-access.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { VIDEO_DEMO, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { givePlan } from '../../test/plans.js';

/**
 * The production line's scope matrix: every creative endpoint called as every demo role is
 * allowed or refused as its routes say (staff and a studio make; an operator reads; a merchant
 * reads its renders and keeps its brief), and every merchant or render outside the caller's
 * scope answers not-found (decision 006): a studio never reads or acts for another studio's
 * merchant.
 */
let t: TestApp;
let w: VideoWorld;
let mine: Render;
let theirs: Render;
/** A script of the other studio's merchant, on its desk. */
let theirScript: Script;
let dataDir: string;

const ROLE_OF: Record<(typeof VIDEO_DEMO)[number], Role> = {
  super: 'super',
  admin: 'admin',
  agent: 'partner',
  studio: 'studio',
  operator: 'operator',
  client: 'client',
  newclient: 'client',
};

async function as<T>(name: string, urlPath: string, body: object = {}, lang?: 'en' | 'zh' | 'es') {
  return t.call<T>(urlPath, body, { token: w.tokens.get(name), ...(lang ? { lang } : {}) });
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-creative-scope-'));
  // Small per-account limits, met at the end of this file.
  t = await createTestApp({ config: { DATA_DIR: dataDir, RATE_LIMIT_SCRIPT_PER_MINUTE: 6, RATE_LIMIT_RENDER_PER_MINUTE: 8, RATE_LIMIT_PLAN_RUN_PER_MINUTE: 6 } });
  w = await videoWorld(t);
  // A merchant with nothing in anyone's scope: paid, so what answers it is the scope, not plan gating.
  await givePlan(t, 'newclient@example.com');
  const made = await as<Render>('studio', '/v1/creative/render/add', { merchant_id: w.ids.get('client'), language: 'en', script: sampleScript('en') });
  expect(made.code, made.msg).toBe('200');
  mine = made.data;
  const other = await as<Render>('studio2', '/v1/creative/render/add', { merchant_id: w.ids.get('client2'), language: 'es', script: sampleScript('es') });
  expect(other.code, other.msg).toBe('200');
  theirs = other.data;
  const written = await as<{ list: Script[] }>('studio2', '/v1/creative/script/generate', { merchant_id: w.ids.get('client2'), language: 'es' });
  expect(written.code, written.msg).toBe('200');
  theirScript = written.data.list[0]!;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('who may call what', () => {
  const nobody = 999_999;
  // Who may call each endpoint is read from its contract entry (declaredRoles), the declaration route() enforces.
  const matrix: [string, () => object][] = [
    ['/v1/creative/brief/get', () => ({ merchant_id: nobody })],
    ['/v1/creative/brief/update', () => ({ merchant_id: nobody, offer: 'x' })],
    ['/v1/creative/script/generate', () => ({ merchant_id: nobody, language: 'en' })],
    ['/v1/creative/render/add', () => ({ merchant_id: nobody, language: 'en', script: sampleScript('en') })],
    ['/v1/creative/render/get', () => ({ id: nobody })],
    ['/v1/creative/render/list', () => ({})],
    ['/v1/creative/render/cancel', () => ({ id: nobody })],
    ['/v1/creative/plan/get', () => ({ merchant_id: nobody })],
    ['/v1/creative/plan/update', () => ({ merchant_id: nobody, enabled: true })],
    ['/v1/creative/plan/run', () => ({ merchant_id: nobody, date: '2026-11-27' })],
    ['/v1/creative/draft/approve', () => ({ id: nobody })],
    ['/v1/creative/draft/reject', () => ({ id: nobody, reason: 'Too dark' })],
    ['/v1/creative/draft/bulk-approve', () => ({ ids: [nobody] })],
    ['/v1/creative/render/retry', () => ({ id: nobody })],
    ['/v1/creative/script/list', () => ({ merchant_id: nobody })],
    ['/v1/creative/script/update', () => ({ id: nobody, desk: false })],
    ['/v1/creative/script/add', () => ({ merchant_id: nobody, language: 'en', body: sampleScript('en') })],
    ['/v1/creative/insights/get', () => ({ merchant_id: nobody })],
    ['/v1/creative/learning/get', () => ({ merchant_id: nobody })],
    ['/v1/creative/learning/set', () => ({ merchant_id: nobody })],
  ];

  it.each(matrix)('%s', async (urlPath, body) => {
    const allowed = declaredRoles(urlPath);
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of VIDEO_DEMO) {
      const response = await as(name, urlPath, body());
      expect(response.code, `${urlPath} as ${name}: ${response.msg}`).not.toBe('500');
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(urlPath, body())).code, 'anonymous').toBe('403');
  });
});

describe('every read and change stays in scope', () => {
  it('lists only the renders of merchants in scope', async () => {
    const ids = async (name: string) => (await as<{ list: Render[] }>(name, '/v1/creative/render/list', { page_size: 100 })).data.list.map((row) => row.id);
    for (const name of ['super', 'admin']) expect(await ids(name)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    for (const name of ['studio', 'operator', 'client']) {
      const seen = await ids(name);
      expect(seen, name).toContain(mine.id);
      expect(seen, name).not.toContain(theirs.id);
    }
    expect(await ids('newclient')).toEqual([]);
  });

  it('counts the review queue of the merchants in scope only', async () => {
    const counted = async (name: string) =>
      (await as<{ by_merchant: ReviewCount[] }>(name, '/v1/creative/render/list', {})).data.by_merchant.map((row) => row.merchant_id);
    await t.query(sql`update creative_renders set state = 'failed' where id in (${mine.id}, ${theirs.id})`);
    try {
      for (const name of ['super', 'admin']) expect(await counted(name), name).toEqual(expect.arrayContaining([w.ids.get('client'), w.ids.get('client2')]));
      for (const name of ['studio', 'operator', 'client']) expect(await counted(name), name).toEqual([w.ids.get('client')]);
      expect(await counted('studio2')).toEqual([w.ids.get('client2')]);
      expect(await counted('newclient')).toEqual([]);
    } finally {
      await t.query(sql`update creative_renders set state = 'queued' where id in (${mine.id}, ${theirs.id})`);
    }
  });

  it('answers not-found for another studio’s merchant and render, however asked', async () => {
    const client2 = w.ids.get('client2')!;
    const calls: [string, object][] = [
      ['/v1/creative/brief/get', { merchant_id: client2 }],
      ['/v1/creative/brief/update', { merchant_id: client2, offer: 'Free coffee' }],
      ['/v1/creative/script/generate', { merchant_id: client2, language: 'en' }],
      ['/v1/creative/render/add', { merchant_id: client2, language: 'en', script: sampleScript('en') }],
      ['/v1/creative/render/get', { id: theirs.id }],
      ['/v1/creative/render/cancel', { id: theirs.id }],
      ['/v1/creative/plan/get', { merchant_id: client2 }],
      ['/v1/creative/plan/update', { merchant_id: client2, enabled: true }],
      ['/v1/creative/plan/run', { merchant_id: client2, date: '2026-11-27' }],
      ['/v1/creative/draft/approve', { id: theirs.id }],
      ['/v1/creative/draft/reject', { id: theirs.id, reason: 'No' }],
      ['/v1/creative/render/retry', { id: theirs.id }],
      ['/v1/creative/script/list', { merchant_id: client2 }],
      ['/v1/creative/script/update', { id: theirScript.id, desk: false }],
      ['/v1/creative/script/add', { merchant_id: client2, language: 'en', body: sampleScript('en') }],
      ['/v1/creative/insights/get', { merchant_id: client2, range: '365d' }],
      ['/v1/creative/learning/get', { merchant_id: client2 }],
      ['/v1/creative/learning/set', { merchant_id: client2, pins: { hook_style: 'question' } }],
    ];
    for (const [urlPath, body] of calls) {
      const response = await as(urlPath.includes('plan/get') ? 'operator' : 'studio', urlPath, body);
      expect(response.code, `${urlPath}: ${response.msg}`).toBe('404');
    }
    // Nothing of the other merchant changed.
    const brief = await as<Brief>('super', '/v1/creative/brief/get', { merchant_id: client2 });
    expect(brief.data.offer).toEqual({ en: '', es: '', zh: '' });
    const render = await as<Render>('super', '/v1/creative/render/get', { id: theirs.id });
    expect(render.data.state).toBe('queued');
    // A bulk approval answers another studio's draft as not found, alone, and leaves it waiting.
    const bulk = await as<{ results: BulkApproveResult[] }>('studio', '/v1/creative/draft/bulk-approve', { ids: [theirs.id] });
    expect(bulk.code, bulk.msg).toBe('200');
    expect(bulk.data.results).toEqual([{ id: theirs.id, ok: false, render: null, error: { code: '404', message: expect.any(String) } }]);
    const desk = await as<{ list: Script[] }>('studio2', '/v1/creative/script/list', { merchant_id: client2, desk: true });
    expect(desk.data.list.map((script) => script.id)).toContain(theirScript.id);
  });

  it('lets a merchant read its own brief and renders, and another merchant’s not', async () => {
    expect((await as<Brief>('client', '/v1/creative/brief/get', { merchant_id: w.ids.get('client') })).code).toBe('200');
    expect((await as('client', '/v1/creative/brief/get', { merchant_id: w.ids.get('client2') })).code).toBe('404');
    expect((await as('client', '/v1/creative/render/get', { id: mine.id })).code).toBe('200');
    expect((await as('client', '/v1/creative/render/get', { id: theirs.id })).code).toBe('404');
    expect((await as('newclient', '/v1/creative/render/get', { id: mine.id })).code).toBe('404');
  });

  it('shows the engine’s output of a failed render to staff alone, in a render as in a list', async () => {
    const made = await as<Render>('studio', '/v1/creative/render/add', { merchant_id: w.ids.get('client'), language: 'en', script: sampleScript('en') });
    expect(made.code, made.msg).toBe('200');
    const detail = 'ffmpeg ended with 255\n[libx264 @ 0x224f3500] kb/s:371.40\nError opening input file <work>/clip-0.mp4.';
    await t.query(
      sql`update creative_renders set state = 'failed', error = ${'creative.failure.tool|{}'}, error_detail = ${detail}, lease_token = null where id = ${made.data.id}`,
    );
    for (const name of ['super', 'admin', 'studio', 'operator', 'client']) {
      const got = await as<Render>(name, '/v1/creative/render/get', { id: made.data.id }, 'es');
      expect(got.code, `${name}: ${got.msg}`).toBe('200');
      expect(got.data.error, name).toBe('No se pudo renderizar el vídeo: el codificador se detuvo de forma inesperada; volver a intentarlo puede ayudar');
      const listed = (await as<{ list: Render[] }>(name, '/v1/creative/render/list', { page_size: 100 })).data.list.find((row) => row.id === made.data.id);
      if (name === 'super' || name === 'admin') {
        expect(got.data.error_detail, name).toBe(detail);
        expect(listed?.error_detail, name).toBe(detail);
      } else {
        expect(got.data, name).not.toHaveProperty('error_detail');
        expect(listed, name).not.toHaveProperty('error_detail');
      }
    }
    await t.query(sql`delete from creative_renders where id = ${made.data.id}`);
  });

  it('refuses material of another merchant in a render, in the caller’s language', async () => {
    const foreign = await t.query<{ id: number }>(
      (await import('drizzle-orm')).sql`insert into uploads (owner_id, key, type, mime, size, sha256, claimed_at)
        values (${w.ids.get('client2')}, 'x/foreign.png', 'image', 'image/png', 10, 'unhashed', now()) returning id`,
    );
    const material = await t.query<{ id: number }>(
      (await import('drizzle-orm')).sql`insert into footage (merchant_id, upload_id, type, status, name, key, mime, size, stored_bytes, width, height)
        values (${w.ids.get('client2')}, ${foreign[0]!.id}, 'image', 'active', 'foreign', 'x/foreign.png', 'image/png', 10, 10, 10, 10) returning id`,
    );
    const response = await as<Render>(
      'studio',
      '/v1/creative/render/add',
      { merchant_id: w.ids.get('client'), language: 'zh', script: sampleScript('zh'), footage_ids: [material[0]!.id] },
      'es',
    );
    expect(response.code).toBe('400');
    expect(JSON.stringify(response)).toContain(`El material ${material[0]!.id} no es un vídeo o imagen activo de este comercio`);
  });
});

describe('the rate-limited endpoints', () => {
  // Last in this file: it spends the makers' allowance of these endpoints for the minute.
  const nobody = 999_999;
  const limited: [string, object, (config: TestApp['app']['services']['config']) => number][] = [
    ['/v1/creative/script/generate', { merchant_id: nobody, language: 'en' }, (config) => config.RATE_LIMIT_SCRIPT_PER_MINUTE],
    ['/v1/creative/render/add', { merchant_id: nobody, language: 'en', script: sampleScript('en') }, (config) => config.RATE_LIMIT_RENDER_PER_MINUTE],
    ['/v1/creative/plan/run', { merchant_id: nobody, date: '2026-11-27' }, (config) => config.RATE_LIMIT_PLAN_RUN_PER_MINUTE],
    ['/v1/creative/render/retry', { id: nobody }, (config) => config.RATE_LIMIT_RENDER_PER_MINUTE],
  ];

  it.each(limited)('%s answers each maker its own 429 past its limit, and a refused role still 403', async (urlPath, body, limitOf) => {
    const max = limitOf(t.app.services.config);
    // A fresh minute for everyone (the calls above spent some of it).
    await t.query(sql`delete from rate_limit_hits`);
    for (const name of VIDEO_DEMO) {
      const codes: string[] = [];
      for (let i = 0; i <= max; i++) codes.push((await as(name, urlPath, body, 'zh')).code);
      if (['super', 'admin', 'studio'].includes(ROLE_OF[name])) {
        // Possible answers of an allowed caller: its own answer (not found here) until the limit, then 429.
        expect(codes.slice(0, max).every((code) => code === '404'), `${urlPath} as ${name}: ${codes.join()}`).toBe(true);
        expect(codes[max], `${urlPath} as ${name}`).toBe('429');
        const answer = await as(name, urlPath, body, 'zh');
        expect(answer.msg).toMatch(/^请求过于频繁，请在 \d+ 秒后再试。$/);
      } else {
        // The role check comes first: a caller refused never learns about, or spends, a limit.
        expect(new Set(codes), `${urlPath} as ${name}`).toEqual(new Set(['403']));
      }
    }
  });
});
