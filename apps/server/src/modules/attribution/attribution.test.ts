import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AttributionLink, Render } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaterial, fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { connectSandbox, videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { ATTRIBUTION_SUBSCRIBER } from './service.js';

/**
 * A video's way back (docs/decisions/083): the render's end card carries its own short link, the
 * post made from it takes that link, a visit is answered with a redirect and counted once per
 * visitor and half hour (bots never), and the shop's side records redemptions within its scope,
 * once per tap.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let dataDir: string;
let workRoot: string;
let postId: number;
let code: string;

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const as = (name: string) => ({ token: w.tokens.get(name)! });

async function go(linkCode: string, headers: Record<string, string> = {}, ip = '203.0.113.7') {
  return t.app.inject({ method: 'GET', url: `/go/${linkCode}`, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress: ip });
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-attr-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-attr-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, PUBLIC_URL: 'https://near.example' } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  await addMaterial(t, w.tokens.get('client')!, 'mp4');
  await connectSandbox(t, w.tokens.get('studio')!, merchantId);
  const brief = await t.call('/v1/creative/brief/update', { merchant_id: merchantId, link: 'https://taqueria.example/menu', coupon_code: 'TACO5' }, as('studio'));
  expect(brief.code, brief.msg).toBe('200');

  // A render made and approved: its end card's QR code is the short link, its post takes it.
  const made = await t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en') }, as('studio'));
  expect(made.code, made.msg).toBe('200');
  const renderer = fakeRenderer();
  await testEngine(t, { render: renderer, workRoot, shortLinks: t.app.services.attribution }).engine.run(made.data.id);
  const qr = renderer.calls[0]!.brand.qrLink!;
  expect(qr).toMatch(/^https:\/\/near\.example\/go\/[a-z2-9]{8}$/);
  code = qr.slice(qr.lastIndexOf('/') + 1);
  const approved = await t.call<Render>('/v1/creative/draft/approve', { id: made.data.id }, as('studio'));
  expect(approved.code, approved.msg).toBe('200');
  postId = approved.data.post_id!;
  await t.app.services.events.replay(ATTRIBUTION_SUBSCRIBER);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('a short link', () => {
  it('belongs to the post made from its render, with the brief’s link and coupon', async () => {
    const link = await t.call<AttributionLink>('/v1/attribution/link/get', { post_id: postId }, as('client'));
    expect(link.code, link.msg).toBe('200');
    expect(link.data).toMatchObject({ code, url: `https://near.example/go/${code}`, target_url: 'https://taqueria.example/menu', coupon_code: 'TACO5', visits: 0, redemptions: 0, expired: false });
  });

  it('redirects a visit at once and counts it once; de-duplication holds for a repeat, a bot and a flood', async () => {
    const first = await go(code);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://taqueria.example/menu');
    // The same visitor again, a link preview, and 200 requests from one address with one browser.
    await go(code);
    expect((await go(code, { 'user-agent': 'Slackbot-LinkExpanding 1.0' })).statusCode).toBe(302);
    const flood = await Promise.all(Array.from({ length: 200 }, () => go(code, {}, '198.51.100.9')));
    expect(flood.every((answer) => answer.statusCode === 302)).toBe(true);
    // Upper case is the same code (a code typed from the screen).
    expect((await go(code.toUpperCase(), {}, '192.0.2.44')).statusCode).toBe(302);
    await t.app.services.attribution.visits.flush();
    const link = await t.call<AttributionLink>('/v1/attribution/link/get', { post_id: postId }, as('studio'));
    expect(link.data.visits).toBe(3);
    // No address kept: only hashes.
    const stored = await t.query<{ visitor: string; origin: string }>(sql`select visitor, origin from attribution_visitors where code = ${code}`);
    expect(stored.map((row) => `${row.visitor} ${row.origin}`).join(' ')).not.toMatch(/203\.0\.113|198\.51\.100|192\.0\.2/);
  });

  it('counts the same visitor again after half an hour, and one address adds at most five browsers a day', async () => {
    const counter = t.app.services.attribution.visits;
    const link = (await t.app.services.attribution.resolve(code))!;
    const later = new Date(Date.now() + 31 * 60_000);
    counter.note({ code, merchantId, ip: '203.0.113.7', userAgent: BROWSER, at: later });
    for (let index = 0; index < 8; index += 1) counter.note({ code, merchantId: link.merchantId, ip: '198.51.100.200', userAgent: `${BROWSER} v${index}`, at: new Date() });
    expect(await counter.flush()).toBe(6);
  });

  it('answers an unknown code with a small page in the visitor’s language, and a guesser with 429', async () => {
    const missing = await go('zzzzzzzz', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('Este enlace no lleva a ninguna parte');
    expect((await go('nope!', { 'accept-language': 'zh-CN' })).body).toContain('这个链接没有对应的页面');
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, index) => go(`guess${'abcdefghijkmnpqrstuvwxyz23456789'[index % 32]}zz`, {}, '198.51.100.77')));
    expect(guesses.filter((answer) => answer.statusCode === 429).length).toBeGreaterThan(0);
    expect(guesses.every((answer) => answer.statusCode === 404 || answer.statusCode === 429)).toBe(true);
  });

  it('still sends an expired link’s visitor to the shop, without counting, and refuses its redemption', async () => {
    const expired = (await t.app.services.attribution.linkFor({ id: 990_001, merchantId }, 'https://taqueria.example/old', ''))!;
    const oldCode = expired.slice(expired.lastIndexOf('/') + 1);
    await t.query(sql`update attribution_links set expires_at = now() - interval '1 day' where code = ${oldCode}`);
    const answer = await go(oldCode, {}, '192.0.2.200');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('https://taqueria.example/old');
    await t.app.services.attribution.visits.flush();
    const [row] = await t.query<{ visits: number }>(sql`select visits from attribution_links where code = ${oldCode}`);
    expect(row!.visits).toBe(0);
    const refused = await t.call('/v1/attribution/redemption/add', { code: oldCode }, { ...as('client'), lang: 'es' });
    expect(refused.code).toBe('422');
    expect(refused.msg).toBe('El enlace de este video ha caducado: ya no admite canjes');
  });
});

describe('redemptions', () => {
  it('are recorded once per tap: an Idempotency-Key replays, a second tap within seconds is refused', async () => {
    const headers = { 'idempotency-key': 'redeem-tap-1' };
    const first = await t.call<{ redemptions: number }>('/v1/attribution/redemption/add', { post_id: postId }, { ...as('client'), headers });
    expect(first.code, first.msg).toBe('200');
    expect(first.data.redemptions).toBe(1);
    const replay = await t.call<{ redemptions: number }>('/v1/attribution/redemption/add', { post_id: postId }, { ...as('client'), headers });
    expect(replay.data.redemptions).toBe(1);
    const again = await t.call('/v1/attribution/redemption/add', { post_id: postId }, as('client'));
    expect(again.code).toBe('409');
    // Another person of the shop's side (its studio), typing the coupon for the merchant.
    const typed = await t.call<{ redemption: { post_id: number; coupon_code: string } }>('/v1/attribution/redemption/add', { coupon_code: 'taco5', merchant_id: merchantId }, as('studio'));
    expect(typed.code, typed.msg).toBe('200');
    expect(typed.data.redemption).toMatchObject({ post_id: postId });
    const link = await t.call<AttributionLink>('/v1/attribution/link/get', { post_id: postId }, as('client'));
    expect(link.data.redemptions).toBe(2);
  });

  it('are scoped: another merchant’s post or code is not found, a wrong coupon is refused, bad input is a 400', async () => {
    for (const name of ['client2', 'studio2']) {
      expect((await t.call('/v1/attribution/redemption/add', { post_id: postId }, as(name))).code, name).toBe('404');
      expect((await t.call('/v1/attribution/redemption/add', { code }, as(name))).code, name).toBe('404');
      expect((await t.call('/v1/attribution/link/get', { post_id: postId }, as(name))).code, name).toBe('404');
      const list = await t.call<{ total: number }>('/v1/attribution/redemption/list', {}, as(name));
      expect(list.data.total, name).toBe(0);
    }
    expect((await t.call('/v1/attribution/redemption/add', { coupon_code: 'TACO5' }, as('client2'))).code).toBe('404');
    const wrong = await t.call('/v1/attribution/redemption/add', { code, coupon_code: 'BURGER2' }, as('operator'));
    expect(wrong.code).toBe('422');
    const empty = await t.call<{ fields: Record<string, string> }>('/v1/attribution/redemption/add', {}, as('client'));
    expect(empty.code).toBe('400');
    expect(empty.data.fields.code).toBeDefined();
    expect((await t.call('/v1/attribution/redemption/add', { code: 'no way' }, as('client'))).code).toBe('400');
    expect((await t.call('/v1/attribution/redemption/add', { coupon_code: 'TACO5' }, as('studio'))).code).toBe('400');
    const mine = await t.call<{ total: number; list: { merchant_id: number }[] }>('/v1/attribution/redemption/list', { post_id: postId }, as('client'));
    expect(mine.data.total).toBe(2);
    expect(mine.data.list.every((row) => row.merchant_id === merchantId)).toBe(true);
  });
});
