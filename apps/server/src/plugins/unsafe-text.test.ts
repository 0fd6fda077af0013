import { formatMessage, type ApiLanguage } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleScript } from '../test/creative-fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { connectSandbox, uploadVideo, videoWorld, type VideoWorld } from '../test/video-fixtures.js';

/**
 * Text no person types, sent over the API: half a surrogate pair (which PostgreSQL refused in
 * jsonb with a '500' and stored as U+FFFD in text), text made only of zero-width characters
 * (which passed "required") and a right-to-left override in a username. Each is a '400' naming
 * the field in the caller's language, and nothing is stored.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let uploadId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  await connectSandbox(t, w.tokens.get('studio')!, merchantId);
  uploadId = await uploadVideo(t, w.tokens.get('studio')!);
}, 180_000);
afterAll(() => t.close());

const token = (name: string) => w.tokens.get(name)!;

/** What the calls below could change, to show that a refused call changed none of it. */
async function fingerprint() {
  const [row] = await t.query<Record<string, string>>(sql`select
    (select md5(string_agg(a::text, ',' order by id)) from accounts a) as accounts,
    (select count(*)::text from announcements) as announcements,
    (select count(*)::text from video_posts) as posts,
    (select count(*)::text from creative_renders) as renders`);
  return row;
}

const captions = (caption: string) => [
  { language: 'en', caption, hashtags: ['tacos'] },
  { language: 'es', caption: 'Tacos dos por uno', hashtags: [] },
];

/** A valid body of each call, with `text` put where the probe found a '500' or a U+FFFD. */
const CALLS: { name: string; path: string; as: string; body: (text: string) => Record<string, unknown>; field: string }[] = [
  { name: 'account/update name (a text column)', path: '/v1/account/update', as: 'client', body: (text) => ({ name: text }), field: 'name' },
  { name: 'account/update bio (multi-line)', path: '/v1/account/update', as: 'client', body: (text) => ({ bio: text }), field: 'bio' },
  {
    name: 'announcement/add title (jsonb)',
    path: '/v1/notification/announcement/add',
    as: 'admin',
    body: (text) => ({ title: { 'en-US': text }, body: { 'en-US': 'Hello' }, audience: ['client'] }),
    field: 'title.en-US',
  },
  {
    name: 'video/add caption (jsonb)',
    path: '/v1/video/add',
    as: 'studio',
    body: (text) => ({ merchant_id: merchantId, title: 'Taco Tuesday', upload_id: uploadId, captions: captions(text), language: 'en', platforms: ['sandbox'] }),
    field: 'captions.0.caption',
  },
  {
    name: 'render/add on-screen text (jsonb)',
    path: '/v1/creative/render/add',
    as: 'studio',
    body: (text) => {
      const script = sampleScript('en');
      return { merchant_id: merchantId, language: 'en', script: { ...script, beats: [{ on_screen: text, spoken: 'Fresh tortillas daily' }, ...script.beats.slice(1)] } };
    },
    field: 'script.beats.0.on_screen',
  },
];

async function expectRefused(path: string, as: string, body: unknown, field: string, key: Parameters<typeof formatMessage>[1]) {
  for (const lang of ['en', 'zh', 'es'] as ApiLanguage[]) {
    const answer = await t.call<{ fields: Record<string, string> }>(path, body, { token: token(as), lang });
    expect(answer, `${path} ${lang}`).toMatchObject({ status: 400, code: '400', msg: formatMessage(lang, key) });
    expect(answer.data.fields[field], `${path} ${lang}`).toBe(formatMessage(lang, key));
  }
}

describe('an unpaired surrogate', () => {
  it('is a 400 naming the field in every call that stored it wrongly or answered 500, and nothing is stored', async () => {
    const before = await fingerprint();
    for (const call of CALLS) {
      for (const text of ['Tacos \uD83C', '\uDF2E tacos', 'a\uDBFF\uDBFFb']) {
        await expectRefused(call.path, call.as, call.body(text), call.field, 'validation.unpaired_surrogate');
      }
    }
    expect(await fingerprint()).toEqual(before);
    // The same texts with both halves are emoji like any other.
    for (const call of CALLS) {
      const answer = await t.call(call.path, call.body('Tacos \uD83C\uDF2E'), { token: token(call.as) });
      expect(answer.code, `${call.name}: ${answer.msg}`).toBe('200');
    }
  });

  it('is a 400 in a key or where no schema looks, however the body is shaped', async () => {
    const before = await fingerprint();
    const studio = token('studio');
    const key = await t.call<{ fields: Record<string, string> }>('/v1/account/update', undefined, { token: studio, raw: '{"bio":"x","\\udc00":1}', lang: 'es' });
    expect(key).toMatchObject({ status: 400, msg: formatMessage('es', 'validation.unpaired_surrogate') });
    expect(Object.keys(key.data.fields)).toEqual(['\uDC00']);
    const nested = await t.call('/v1/creative/render/add', undefined, {
      token: studio,
      raw: `{"merchant_id":${merchantId},"language":"en","script":{"extra":{"deep":["\\ud800"]}}}`,
    });
    expect(nested).toMatchObject({ status: 400, data: { fields: { 'script.extra.deep.0': formatMessage('en', 'validation.unpaired_surrogate') } } });
    const root = await t.call('/v1/account/update', undefined, { token: studio, raw: '"\\udfff"' });
    expect(root.status).toBe(400);
    const unauthenticated = await t.call('/v1/account/login', undefined, { raw: '{"email":"a@b.co","password":"\\ud800x"}' });
    expect(unauthenticated).toMatchObject({ status: 400, data: { fields: { password: formatMessage('en', 'validation.unpaired_surrogate') } } });
    expect(await fingerprint()).toEqual(before);
  });
});

describe('text made only of invisible characters', () => {
  it('does not pass as filled in, and nothing is stored', async () => {
    const before = await fingerprint();
    for (const call of CALLS) {
      for (const text of ['\u200B', '\u200B\u200C\u200D\u2060', ' \uFEFF\u200B ']) {
        await expectRefused(call.path, call.as, call.body(text), call.field, 'validation.invisible_only');
      }
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('bidirectional overrides', () => {
  it('are refused in a username and a name, the user’s own and one staff create', async () => {
    const before = await fingerprint();
    await expectRefused('/v1/account/update', 'client', { username: 'bob\u202Etxt.exe' }, 'username', 'validation.bidi_controls');
    await expectRefused('/v1/account/update', 'client', { name: 'Ana \u2067Smith\u2069' }, 'name', 'validation.bidi_controls');
    await expectRefused(
      '/v1/account/add',
      'super',
      { email: 'mirror@example.com', password: 'Fixture-pass-1', username: 'nimda\u202E', role: 'client' },
      'username',
      'validation.bidi_controls',
    );
    expect(await fingerprint()).toEqual(before);
    const plain = await t.call('/v1/account/update', { username: 'bob_txt' }, { token: token('client') });
    expect(plain.code, plain.msg).toBe('200');
  });
});
