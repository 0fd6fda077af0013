import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { estimateScriptSeconds, formatMessage, scriptBody, type Footage, type Render, type ScriptBodyInput } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaterial, addMaterialFile, fakeRenderer, sampleScript, testEngine } from '../../test/creative-fixtures.js';
import { generatedMedia } from '../../test/generated-media.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mediaFile } from '../../test/media-samples.js';
import { givePlan } from '../../test/plans.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { probe, resolveMediaTools } from '../../adapters/media/index.js';
import { renderVideo } from './renderer/renderer.js';
import { makeClip } from './renderer/synthetic-media.js';

/**
 * Bad input to the production line over the API: ids that are unknown or another merchant's,
 * scripts over their limits, material that cannot be used (a corrupt file, sound picked as a
 * clip, a file that went missing or broke after it was picked), and no material at all. Each
 * is answered with a clear error in the caller's language (en, zh, es) or made anyway with a
 * note saying what was left out — never a 500, never a render or material half made. Long and
 * mixed-orientation clips go through the real ffmpeg renderer.
 */
let t: TestApp;
let w: VideoWorld;
let merchantId: number;
let otherMerchant: number;
let dataDir: string;
let workRoot: string;
let clip: Footage;
let audio: Footage;
let corrupt: Footage;
const LANGS = ['en', 'zh', 'es'] as const;
const tools = () => resolveMediaTools(t.app.services.config);

const studio = (lang?: (typeof LANGS)[number]) => ({ token: w.tokens.get('studio')!, ...(lang ? { lang } : {}) });

function addRender(body: Record<string, unknown>, lang?: (typeof LANGS)[number]) {
  return t.call<Render>('/v1/creative/render/add', { merchant_id: merchantId, language: 'en', script: sampleScript('en'), ...body }, studio(lang));
}

async function renderCount(): Promise<number> {
  const [row] = await t.query<{ n: number }>(sql`select count(*)::int as n from creative_renders`);
  return row!.n;
}

/** Footage rows of renders that did not end done: a half-made material. */
async function halfMade() {
  return t.query(sql`select f.id, r.state from footage f join creative_renders r on r.id = f.render_id where r.state <> 'done' or f.status <> 'active'`);
}

async function getRender(id: number, lang: (typeof LANGS)[number] = 'en'): Promise<Render> {
  const read = await t.call<Render>('/v1/creative/render/get', { id }, studio(lang));
  expect(read.code, read.msg).toBe('200');
  return read.data;
}

/** A generated clip of the given frame size and length, uploaded as the merchant's material. */
async function clipMaterial(width: number, height: number, seconds: number, fps = 10): Promise<Footage> {
  const file = path.join(dataDir, `clip-${width}x${height}-${seconds}.mp4`);
  await makeClip(tools(), file, { width, height, seconds, fps, source: 'testsrc' });
  return addMaterialFile(t, w.tokens.get('client')!, { name: path.basename(file), contentType: 'video/mp4', bytes: await fs.readFile(file) });
}

/**
 * What the engines left in the work root besides each process's folder and its owner file (which
 * a process keeps while it lives, so its sweep can tell its folders from a dead one's): no attempt's folder.
 */
async function leftWork(): Promise<string[]> {
  const left: string[] = [];
  for (const entry of await fs.readdir(workRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) left.push(entry.name);
    else left.push(...(await fs.readdir(path.join(workRoot, entry.name))).filter((name) => name !== 'owner.json').map((name) => `${entry.name}/${name}`));
  }
  return left;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-creative-input-'));
  workRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-creative-input-work-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
  merchantId = w.ids.get('client')!;
  // The merchant who just signed up has bought its plan, as a render asks (a lapsed plan is refused).
  await givePlan(t, 'newclient@example.com');
  otherMerchant = w.ids.get('client2')!;
  const token = w.tokens.get('client')!;
  clip = await addMaterial(t, token, 'mp4');
  audio = await addMaterial(t, token, 'm4a');
  // An MP4 that is only its first bytes: accepted as an upload, refused by processing.
  corrupt = await addMaterialFile(t, token, { name: 'broken.mp4', contentType: 'video/mp4', bytes: mediaFile('mp4', 64 * 1024) }, 'failed');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workRoot, { recursive: true, force: true });
});

describe('ids that are not the caller’s', () => {
  it('answers an unknown merchant and another studio’s merchant with the same not-found, in every language', async () => {
    const before = await renderCount();
    for (const lang of LANGS) {
      const unknown = await addRender({ merchant_id: 999_999 }, lang);
      const foreign = await addRender({ merchant_id: otherMerchant }, lang);
      expect(unknown).toMatchObject({ code: '404', msg: formatMessage(lang, 'error.not_found') });
      expect(foreign).toEqual(unknown);
      for (const urlPath of ['/v1/creative/brief/get', '/v1/creative/plan/get']) {
        const a = await t.call(urlPath, { merchant_id: 999_999 }, studio(lang));
        const b = await t.call(urlPath, { merchant_id: otherMerchant }, studio(lang));
        expect(a, urlPath).toMatchObject({ code: '404', msg: formatMessage(lang, 'error.not_found') });
        expect(b, urlPath).toEqual(a);
      }
    }
    expect(await renderCount()).toBe(before);
  });

  it('answers another merchant’s render like one that does not exist', async () => {
    const theirs = await t.call<Render>('/v1/creative/render/add', { merchant_id: otherMerchant, language: 'es', script: sampleScript('es') }, { token: w.tokens.get('studio2')! });
    expect(theirs.code, theirs.msg).toBe('200');
    for (const urlPath of ['/v1/creative/render/get', '/v1/creative/render/cancel', '/v1/creative/draft/approve']) {
      const foreign = await t.call(urlPath, { id: theirs.data.id }, studio('zh'));
      const unknown = await t.call(urlPath, { id: 999_999 }, studio('zh'));
      expect(foreign, urlPath).toMatchObject({ code: '404', msg: formatMessage('zh', 'error.not_found') });
      expect(foreign, urlPath).toEqual(unknown);
    }
    expect((await t.call<Render>('/v1/creative/render/get', { id: theirs.data.id }, { token: w.tokens.get('studio2')! })).data.state).toBe('queued');
  });

  it('refuses another merchant’s script, footage and music as it refuses unknown ones', async () => {
    const before = await renderCount();
    const [theirScript] = await t.query<{ id: number }>(
      sql`insert into creative_scripts (merchant_id, language, engine, template, hook_style, body, fingerprint, estimated_seconds)
          values (${otherMerchant}, 'en', 'template', 't', 'question', ${JSON.stringify(sampleScript('en'))}::jsonb, 'their-script', 10) returning id`,
    );
    const foreignScript = await addRender({ script_id: theirScript!.id }, 'es');
    const unknownScript = await addRender({ script_id: 999_999 }, 'es');
    expect(foreignScript).toMatchObject({ code: '400', data: { fields: { script_id: formatMessage('es', 'error.not_found') } } });
    expect(foreignScript).toEqual(unknownScript);

    const theirMaterial = await addMaterial(t, w.tokens.get('client2')!, 'png');
    for (const lang of LANGS) {
      const refused = await addRender({ footage_ids: [clip.id, theirMaterial.id] }, lang);
      expect(refused).toMatchObject({ code: '400', msg: formatMessage(lang, 'creative.footage_not_usable', { id: theirMaterial.id }) });
    }
    const music = await addRender({ music: 'library', music_footage_id: theirMaterial.id }, 'zh');
    expect(music).toMatchObject({ code: '400', msg: formatMessage('zh', 'creative.music_not_audio') });
    expect(await renderCount()).toBe(before);
  });
});

describe('scripts over their limits', () => {
  const line = (text: string) => ({ on_screen: text, spoken: text });
  const cases: [string, (script: ScriptBodyInput) => ScriptBodyInput, string, string, Record<string, number>][] = [
    ['on-screen text over two caption lines', (s) => ({ ...s, hook: { on_screen: 'x'.repeat(61), spoken: 'Hi' } }), 'script.hook.on_screen', 'creative.on_screen_too_long', { max: 60 }],
    ['a spoken beat over a breath', (s) => ({ ...s, beats: [{ on_screen: 'Hi', spoken: 'y'.repeat(241) }, ...s.beats.slice(1)] }), 'script.beats.0.spoken', 'creative.spoken_too_long', { max: 240 }],
    ['seven beats', (s) => ({ ...s, beats: Array.from({ length: 7 }, () => line('One more thing')) }), 'script.beats', 'creative.beats_count', {}],
    ['two beats', (s) => ({ ...s, beats: [line('One'), line('Two')] }), 'script.beats', 'creative.beats_count', {}],
    ['an empty hook', (s) => ({ ...s, hook: { on_screen: '  ', spoken: '' } }), 'script.hook.on_screen', 'creative.text_required', {}],
    ['a title over 100 characters', (s) => ({ ...s, title: 't'.repeat(101) }), 'script.title', 'validation.too_long', { max: 100 }],
  ];
  it.each(cases)('refuses %s with the rule, in every language', async (_name, change, field, key, params) => {
    const before = await renderCount();
    for (const lang of LANGS) {
      const refused = await addRender({ script: change(sampleScript('en')) }, lang);
      const words = formatMessage(lang, key, params);
      expect(refused, lang).toMatchObject({ code: '400', msg: words, data: { fields: { [field]: words } } });
    }
    expect(await renderCount()).toBe(before);
  });

  it('refuses a script that would run past 60 seconds, saying how long it would be', async () => {
    const long = { ...sampleScript('en'), beats: Array.from({ length: 6 }, () => ({ on_screen: 'A long beat', spoken: 'z'.repeat(200) })) };
    const seconds = Math.ceil(estimateScriptSeconds(scriptBody.parse(long), 'en'));
    expect(seconds).toBeGreaterThan(60);
    for (const lang of LANGS) {
      const refused = await addRender({ script: long }, lang);
      expect(refused).toMatchObject({ code: '400', msg: formatMessage(lang, 'creative.script_too_long', { seconds, max: 60 }) });
    }
  });

  it('answers malformed bodies with a 400, never a 500', async () => {
    const bodies: Record<string, unknown>[] = [
      { footage_ids: ['x'] },
      { footage_ids: [clip.id, clip.id] },
      { footage_ids: Array.from({ length: 13 }, (_, index) => index + 1) },
      { language: 'fr' },
      { voice: 'robot' },
      { music: 'library' },
      { script: { title: 'Only a title' } },
      { merchant_id: -1 },
      { merchant_id: 'me' },
      { extra: true },
    ];
    for (const body of bodies) {
      const answer = await addRender(body, 'es');
      expect(answer.code, JSON.stringify(body)).toBe('400');
      expect(answer.msg).not.toBe('');
    }
    const raw = await t.call('/v1/creative/render/add', undefined, { ...studio(), raw: '{"merchant_id": 1, "script": ' });
    expect(raw.code).toBe('400');
    const voice = await addRender({ voice: 'cloud' }, 'zh');
    expect(voice).toMatchObject({ code: '400', msg: formatMessage('zh', 'creative.voice_unavailable') });
  });
});

describe('material that cannot be used', () => {
  it('refuses a corrupt file, a sound picked as a clip and a video with no picture, naming it, in every language', async () => {
    const silentPicture = await addMaterialFile(t, w.tokens.get('client')!, { name: 'voice-memo.mp4', contentType: 'video/mp4', bytes: await generatedMedia('audio-only-mp4') }, 'failed');
    expect(silentPicture.failure_reason).toBe(formatMessage('en', 'footage.failed_no_picture'));
    const before = await renderCount();
    for (const bad of [corrupt, audio, silentPicture]) {
      for (const lang of LANGS) {
        const refused = await addRender({ footage_ids: [clip.id, bad.id] }, lang);
        expect(refused, `${bad.name} in ${lang}`).toMatchObject({ code: '400', msg: formatMessage(lang, 'creative.footage_not_usable', { id: bad.id }) });
        expect(refused.data).toMatchObject({ fields: { footage_ids: refused.msg } });
      }
    }
    // An audio material is fine as the music, not as a picture.
    const withMusic = await addRender({ footage_ids: [clip.id], music: 'library', music_footage_id: audio.id });
    expect(withMusic.code, withMusic.msg).toBe('200');
    expect(await renderCount()).toBe(before + 1);
  });

  it('makes the video anyway when picked material went missing or was switched off before its turn, and says what it left out', async () => {
    const gone = await addMaterial(t, w.tokens.get('client')!, 'jpg');
    const off = await addMaterial(t, w.tokens.get('client')!, 'png');
    const render = await addRender({ footage_ids: [gone.id, clip.id, off.id] });
    expect(render.code, render.msg).toBe('200');
    const [stored] = await t.query<{ key: string }>(sql`select key from footage where id = ${gone.id}`);
    await t.app.services.storage.delete(stored!.key);
    expect((await t.call('/v1/footage/deactivate', { id: off.id }, { token: w.tokens.get('client')! })).code).toBe('200');

    const renderer = fakeRenderer();
    await testEngine(t, { render: renderer, workRoot }).engine.run(render.data.id);
    expect(renderer.calls[0]!.clips.map((item) => item.kind)).toEqual(['video']);
    const done = await getRender(render.data.id, 'es');
    expect(done).toMatchObject({ state: 'done', footage_ids: [clip.id] });
    expect(done.notes).toEqual([formatMessage('es', 'creative.note.skipped_material', { count: 2, names: `${gone.name}, ${off.id}` })]);
    expect((await getRender(render.data.id, 'zh')).notes[0]).toBe(formatMessage('zh', 'creative.note.skipped_material', { count: 2, names: `${gone.name}, ${off.id}` }));
  });

  it('keeps music when the chosen track went missing, with the bundled bed, and says so', async () => {
    const track = await addMaterial(t, w.tokens.get('client')!, 'mp3');
    const render = await addRender({ footage_ids: [clip.id], music: 'library', music_footage_id: track.id });
    const [stored] = await t.query<{ key: string }>(sql`select key from footage where id = ${track.id}`);
    await t.app.services.storage.delete(stored!.key);
    const renderer = fakeRenderer();
    await testEngine(t, { render: renderer, workRoot }).engine.run(render.data.id);
    expect(renderer.calls[0]!.music).toEqual({ bed: 'warm' });
    expect((await getRender(render.data.id, 'es')).notes).toEqual([formatMessage('es', 'creative.note.music_fallback')]);
  });

  it('leaves out a clip whose file broke after it was picked (the real renderer), with a note', async () => {
    const broken = await addMaterial(t, w.tokens.get('client')!, 'mp4');
    const render = await addRender({ footage_ids: [broken.id, clip.id] });
    // The file changes under the material after it was checked: garbage with an MP4's first bytes.
    const [stored] = await t.query<{ key: string }>(sql`select key from footage where id = ${broken.id}`);
    await fs.writeFile(path.join(dataDir, 'garbage.mp4'), mediaFile('mp4', 32 * 1024));
    await t.app.services.storage.put(stored!.key, createReadStream(path.join(dataDir, 'garbage.mp4')), { contentType: 'video/mp4' });

    await testEngine(t, { render: renderVideo, workRoot, settings: { maxAttempts: 1, timeoutSeconds: 120 } }).engine.run(render.data.id);
    for (const lang of LANGS) {
      const done = await getRender(render.data.id, lang);
      expect(done, done.error ?? '').toMatchObject({ state: 'done', footage_ids: [clip.id], notes: [formatMessage(lang, 'creative.note.skipped_material', { count: 1, names: broken.name })] });
    }
    expect(await halfMade()).toEqual([]);
    expect(await leftWork()).toEqual([]);
  }, 120_000);

  it('fails a render the merchant’s full storage cannot take, with the reason in the caller’s language, and makes no material', async () => {
    const render = await addRender({ footage_ids: [clip.id] });
    const [{ stored_bytes: kept } = { stored_bytes: 0 }] = await t.query<{ stored_bytes: number }>(sql`select stored_bytes::int as stored_bytes from footage where id = ${clip.id}`);
    await t.query(sql`update footage set stored_bytes = 1000000000000 where id = ${clip.id} returning id`);
    try {
      const renderer = fakeRenderer();
      await testEngine(t, { render: renderer, workRoot, settings: { maxAttempts: 1 } }).engine.run(render.data.id);
      for (const lang of LANGS) {
        const failed = await getRender(render.data.id, lang);
        expect(failed.state).toBe('failed');
        const quota = formatMessage(lang, 'footage.quota_exceeded', { used: '§', quota: '§', size: '§' }).split('§')[0]!;
        expect(failed.error!.startsWith(quota), `${lang}: ${failed.error}`).toBe(true);
      }
      expect(await t.query(sql`select id from footage where render_id = ${render.data.id}`)).toEqual([]);
      expect(await halfMade()).toEqual([]);
      expect(await leftWork()).toEqual([]);
    } finally {
      await t.query(sql`update footage set stored_bytes = ${kept} where id = ${clip.id} returning id`);
    }
  });

  it('renders a nine-minute clip and portrait and landscape clips together into one vertical video of the script’s length', async () => {
    const nineMinutes = await clipMaterial(64, 48, 540, 2);
    expect(nineMinutes.duration).toBeGreaterThan(539);
    const portrait = await clipMaterial(240, 426, 3);
    const landscape = await clipMaterial(426, 240, 3);
    const render = await addRender({ footage_ids: [nineMinutes.id, portrait.id, landscape.id, clip.id] });
    expect(render.code, render.msg).toBe('200');
    await testEngine(t, { render: renderVideo, workRoot, settings: { maxAttempts: 1, timeoutSeconds: 180 } }).engine.run(render.data.id);
    const done = await getRender(render.data.id);
    expect(done, done.error ?? '').toMatchObject({ state: 'done', notes: [] });
    expect(done.duration!).toBeLessThanOrEqual(60);
    const [output] = await t.query<{ key: string }>(sql`select key from footage where id = ${done.output_footage_id}`);
    const file = path.join(dataDir, 'mixed.mp4');
    await fs.writeFile(file, (await t.app.services.storage.get(output!.key)).body);
    const video = (await probe(tools(), file)).streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ width: 180, height: 320 });
  }, 240_000);
});

describe('material the studio marked unusable', () => {
  it('is never chosen for a render that leaves the choice to the library', async () => {
    const dark = await addMaterial(t, w.tokens.get('client')!, 'png');
    const marked = await t.call<Footage>('/v1/footage/mark', { id: dark.id, usage: 'failed', reason: 'too dark' }, studio());
    expect(marked.code, marked.msg).toBe('200');
    const render = await addRender({});
    expect(render.code, render.msg).toBe('200');
    const renderer = fakeRenderer();
    await testEngine(t, { render: renderer, workRoot }).engine.run(render.data.id);
    const done = await getRender(render.data.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.footage_ids.length).toBeGreaterThan(0);
    expect(done.footage_ids).not.toContain(dark.id);
  });
});

describe('no material at all', () => {
  it('still renders from the brief alone, with a note in the caller’s language', async () => {
    // The merchant who just signed up has no material yet.
    const bare = { token: w.tokens.get('super')! };
    const render = await t.call<Render>('/v1/creative/render/add', { merchant_id: w.ids.get('newclient'), language: 'zh', script: sampleScript('zh') }, bare);
    expect(render.code, render.msg).toBe('200');
    await testEngine(t, { render: renderVideo, workRoot, settings: { maxAttempts: 1, timeoutSeconds: 120 } }).engine.run(render.data.id);
    for (const lang of LANGS) {
      const done = await t.call<Render>('/v1/creative/render/get', { id: render.data.id }, { ...bare, lang });
      expect(done.data, done.data.error ?? '').toMatchObject({ state: 'done', footage_ids: [], notes: [formatMessage(lang, 'creative.note.no_material')] });
      expect(done.data.output_footage_id).not.toBeNull();
    }
    expect(await halfMade()).toEqual([]);
  }, 120_000);
});

describe('the day a render by hand is listed under', () => {
  it('is the merchant’s own day, not the UTC one', async () => {
    const render = await addRender({});
    expect(render.code, render.msg).toBe('200');
    // 03:00 UTC on the 28th is still the evening of the 27th anywhere in the United States.
    await t.query(sql`update creative_renders set created_at = '2026-11-28T03:00:00Z' where id = ${render.data.id}`);
    const zone = await t.app.services.creativeBriefs.timeZoneOf(merchantId);
    expect(zone).toMatch(/^America\//);
    const listed = async (date: string) => {
      const list = await t.call<{ list: Render[] }>('/v1/creative/render/list', { merchant_id: merchantId, date, page: 1, page_size: 100 }, studio());
      expect(list.code, list.msg).toBe('200');
      return list.data.list.map((item) => item.id);
    };
    expect(await listed('2026-11-27')).toContain(render.data.id);
    expect(await listed('2026-11-28')).not.toContain(render.data.id);
  });
});
