import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Footage } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../composition/jobs.js';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { generatedMedia, type GeneratedKind } from '../../test/generated-media.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mediaFile } from '../../test/media-samples.js';
import { listenOnce, processed, tusCreate, tusHead, tusIdOf, tusPatch, uploadAndAdd } from '../../test/tus-client.js';
import { addPost, connectSandbox } from '../../test/video-fixtures.js';
import { decodeCheckPass } from './decode-check.js';
import { resolveMediaTools, run } from '../../adapters/media/index.js';

/**
 * The material center end to end: resumable uploads judged by their bytes, added to the
 * library, processed by the real job with the bundled ffprobe/ffmpeg, read back through signed
 * URLs, and removed with every stored file; on local disk and on S3 (a fake).
 */
const MB = 1024 * 1024;

async function download(t: TestApp, url: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const publicUrl = t.app.services.config.PUBLIC_URL;
  if (url.startsWith(publicUrl)) {
    const response = await t.app.inject({ method: 'GET', url: url.slice(publicUrl.length) });
    return { status: response.statusCode, type: String(response.headers['content-type'] ?? ''), bytes: response.rawPayload };
  }
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let jpeg: Promise<Buffer> | undefined;
/** A detailed photo-sized JPEG (noise over a test pattern), well over 40 KB: enough to cut in half. */
function largeJpeg(): Promise<Buffer> {
  jpeg ??= (async () => {
    const tools = resolveMediaTools({ MEDIA_BINARIES: 'bundled', FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-jpeg-'));
    const file = path.join(dir, 'photo.jpg');
    await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=size=960x720', '-vf', 'noise=alls=40:allf=t', '-frames:v', '1', '-q:v', '3', file], 60_000);
    const bytes = await fs.readFile(file);
    await fs.rm(dir, { recursive: true, force: true });
    return bytes;
  })();
  return jpeg;
}

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3();
  await fake.createBucket('nearcast-footage');
}, 60_000);
afterAll(() => fake?.close());

const CASES: [string, GeneratedKind, Footage['type'], string][] = [
  ['an H.264 video', 'mp4', 'video', 'h264'],
  ['an image', 'png', 'image', 'png'],
  ['an audio clip', 'm4a', 'audio', 'aac'],
];

describe.each([
  ['local disk', () => ({})],
  ['S3', () => fake.config('nearcast-footage')],
])('uploads of each type to %s storage', (_name, storageConfig) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-footage-'));
    t = await createTestApp({ config: { DATA_DIR: dataDir, JOBS_POLLING_SECONDS: 0.5, ...storageConfig() } });
    await startJobs(t.app.services, t.app.log);
    token = await t.login('client@example.com');
  }, 180_000);
  afterAll(() => t?.close());

  it('lets pages show images and play media from the storage’s origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const origin = t.app.services.storage.kind === 's3' ? fake.endpoint : new URL(t.app.services.config.PUBLIC_URL).origin;
    expect(response.headers['content-security-policy']).toContain(`media-src 'self' blob: ${origin}`);
    expect(response.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${origin}`);
  });

  it.each(CASES)('%s is uploaded resumably, processed to active with its facts and thumbnail, and deleted with its files', async (_label, kind, type, codec) => {
    const bytes = await generatedMedia(kind);
    const added = await uploadAndAdd(t, token, bytes, `shop.${kind}`, { tags: ['lunch', 'lunch', 'menu'], note: 'use this for the lunch offer' });
    expect(added.code, added.msg).toBe('200');
    expect(added.data).toMatchObject({ type, status: 'processing', name: `shop.${kind}`, size: bytes.length, tags: ['lunch', 'menu'] });

    const done = await processed(t, token, added.data.id);
    expect(done).toMatchObject({ status: 'active', type, codec, failure_reason: null });
    if (type === 'image') expect(done.duration).toBeNull();
    else expect(done.duration).toBeGreaterThan(0.5);
    if (type !== 'audio') expect([done.width, done.height]).toEqual([320, 240]);

    const original = await download(t, done.file_url);
    expect(original.status).toBe(200);
    expect(sha256(original.bytes)).toBe(sha256(bytes));
    const thumbnail = await download(t, done.thumbnail_url!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.type).toMatch(type === 'audio' ? /image\/png/ : /image\/jpeg/);
    const storage = await t.call<{ used_bytes: number }>('/v1/footage/storage', {}, { token });
    expect(storage.data.used_bytes).toBeGreaterThan(bytes.length);

    expect((await t.call('/v1/footage/delete', { id: done.id }, { token })).code).toBe('200');
    expect((await download(t, done.file_url)).status).not.toBe(200);
    expect((await download(t, done.thumbnail_url!)).status).not.toBe(200);
    expect((await t.call('/v1/footage/get', { id: done.id }, { token })).code).toBe('404');
    const rows = await t.query<{ n: number }>(sql`select count(*)::int as n from uploads where id = (select upload_id from footage where id = ${done.id})`);
    expect(rows[0]!.n).toBe(0);
  }, 60_000);
});

describe('the library on local disk', () => {
  let t: TestApp;
  let token: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-footage-'));
    t = await createTestApp({ config: { DATA_DIR: dataDir, JOBS_POLLING_SECONDS: 0.5, FOOTAGE_QUOTA_MB: 64 } });
    await startJobs(t.app.services, t.app.log);
    token = await t.login('client@example.com');
  }, 180_000);
  afterAll(() => t?.close());

  const stagedFiles = async () => (await fs.readdir(path.join(dataDir, 'tus')).catch(() => [])).filter((name) => !name.endsWith('.json'));

  it('gives a video browsers cannot play (HEVC) a web-playable H.264 preview', async () => {
    const added = await uploadAndAdd(t, token, await generatedMedia('hevc'), 'iphone.mov');
    const done = await processed(t, token, added.data.id);
    expect(done).toMatchObject({ status: 'active', codec: 'hevc' });
    expect(done.preview_url).not.toBe(done.file_url);
    const preview = await download(t, done.preview_url!);
    expect(preview.type).toMatch(/video\/mp4/);
    // An H.264 stream inside: the sample description names avc1.
    expect(preview.bytes.includes(Buffer.from('avc1'))).toBe(true);
  }, 60_000);

  it('treats a file named .mp4 whose bytes are a PNG as an image', async () => {
    const added = await uploadAndAdd(t, token, await generatedMedia('png'), 'holiday.mp4');
    expect(added.data).toMatchObject({ type: 'image', mime: 'image/png' });
    expect(await processed(t, token, added.data.id)).toMatchObject({ status: 'active', type: 'image' });
  }, 60_000);

  it('refuses an oversize upload with 413 before storing it whole', async () => {
    // Declared too large for any type: refused at creation, nothing staged.
    const before = await stagedFiles();
    const huge = await tusCreate(t, token, 501 * MB, { filename: 'long.mp4' });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toMatchObject({ code: '413', msg: 'Videos may be at most 500 MB' });
    // Declared as an image: held to the image limit at once, in the caller's language.
    const image = await tusCreate(t, token, 21 * MB, { filename: 'big.png', type: 'image' }, 'es-ES');
    expect(image.status).toBe(413);
    expect(JSON.parse(image.body).msg).toBe('Las imágenes pueden tener como máximo 20 MB');
    expect(await stagedFiles()).toEqual(before);

    // Undeclared, 30 MB: the first bytes say PNG, so the image limit refuses it at the first
    // PATCH, after one sample of bytes, and the upload is gone.
    const sneaky = await tusCreate(t, token, 30 * MB, { filename: 'movie.mp4' });
    expect(sneaky.status).toBe(201);
    const patched = await tusPatch(t, token, sneaky.headers.location!, 0, mediaFile('png', 256 * 1024));
    expect(patched.status).toBe(413);
    expect(JSON.parse(patched.body).msg).toBe('Images may be at most 20 MB');
    expect((await tusHead(t, token, sneaky.headers.location!)).status).toBe(404);
    expect(await stagedFiles()).toEqual(before);
  });

  it('refuses bytes of a kind no material may be (415), whatever the name says', async () => {
    const created = await tusCreate(t, token, 64 * 1024, { filename: 'menu.mp4' });
    const patched = await tusPatch(t, token, created.headers.location!, 0, mediaFile('pdf', 64 * 1024));
    expect(patched.status).toBe(415);
    expect(JSON.parse(patched.body).code).toBe('415');
  });

  it('refuses an upload beyond the merchant quota with a clear message, at creation and at add', async () => {
    const created = await tusCreate(t, token, 65 * MB, { filename: 'big.mp4' });
    expect(created.status).toBe(413);
    expect(JSON.parse(created.body).msg).toMatch(/^Your storage is full: .* of 64 MB used\. Delete some materials or upgrade your plan/);

    // Room at creation, none by the time it is added (the library grew meanwhile): refused at add.
    const bytes = await generatedMedia('jpg');
    const fits = await tusCreate(t, token, bytes.length, { filename: 'late.jpg' });
    expect(fits.status).toBe(201);
    expect((await tusPatch(t, token, fits.headers.location!, 0, bytes)).status).toBe(204);
    const filler = await uploadAndAdd(t, token, bytes, 'filler.jpg');
    const stored = filler.data.size;
    await t.query(sql`update footage set stored_bytes = ${64 * MB} where id = ${filler.data.id}`);
    try {
      const refused = await t.call('/v1/footage/add', { upload: tusIdOf(fits.headers.location!) }, { token });
      expect(refused.code).toBe('413');
      expect(refused.msg).toMatch(/^Your storage is full/);
    } finally {
      await t.query(sql`update footage set stored_bytes = ${stored} where id = ${filler.data.id}`);
    }
  });

  it('counts derived files in the quota and refuses them before writing: a material whose thumbnail does not fit fails saying so', async () => {
    const bytes = await generatedMedia('png');
    const storage = async () => (await t.call<{ used_bytes: number; quota_bytes: number }>('/v1/footage/storage', {}, { token })).data;
    // Fill the library until exactly the original and 100 bytes more fit: no thumbnail does.
    const filler = await uploadAndAdd(t, token, bytes, 'filler.png');
    await processed(t, token, filler.data.id);
    const before = await storage();
    const fillerBytes = Number((await t.query<{ stored_bytes: string }>(sql`select stored_bytes from footage where id = ${filler.data.id}`))[0]!.stored_bytes);
    const padding = before.quota_bytes - before.used_bytes - bytes.length - 100;
    await t.query(sql`update footage set stored_bytes = stored_bytes + ${padding} where id = ${filler.data.id}`);
    try {
      const added = await uploadAndAdd(t, token, bytes, 'last.png');
      expect(added.code, added.msg).toBe('200');
      const done = await processed(t, token, added.data.id);
      expect(done.status).toBe('failed');
      expect(done.failure_reason).toMatch(/^Your storage is full: its preview and thumbnail \(.+\) do not fit/);
      expect(done.thumbnail_url).toBeNull();
      // Only the original is counted, and the library stays within its quota.
      const after = await storage();
      expect(after.used_bytes).toBe(before.quota_bytes - 100);
      expect(after.used_bytes).toBeLessThanOrEqual(after.quota_bytes);
    } finally {
      await t.query(sql`update footage set stored_bytes = ${fillerBytes} where id = ${filler.data.id}`);
    }
  });

  it('resumes an upload interrupted halfway, giving a byte-identical file', async () => {
    // A real video with extra bytes after it (players ignore them): large enough to cut in two.
    const bytes = Buffer.concat([await generatedMedia('mp4'), randomBytes(3 * MB)]);
    const created = await tusCreate(t, token, bytes.length, { filename: 'dropped.mp4' });
    const location = created.headers.location!;
    const address = new URL(await listenOnce(t));

    // The connection drops after a little more than half of the bytes.
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: address.hostname,
        port: address.port,
        path: location,
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(bytes.subarray(0, Math.floor(bytes.length * 0.55)), () => setTimeout(() => request.destroy(), 300));
    });

    let offset = 0;
    for (let i = 0; i < 50; i += 1) {
      const head = await tusHead(t, token, location);
      offset = Number(head.headers['upload-offset']);
      if (offset > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);
    // Adding an unfinished upload is refused, not guessed at.
    expect((await t.call('/v1/footage/add', { upload: tusIdOf(location) }, { token })).code).toBe('409');

    const rest = await tusPatch(t, token, location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    const added = await t.call<Footage>('/v1/footage/add', { upload: tusIdOf(location) }, { token });
    expect(added.code, added.msg).toBe('200');
    const stored = await download(t, added.data.file_url);
    expect(stored.bytes.length).toBe(bytes.length);
    expect(sha256(stored.bytes)).toBe(sha256(bytes));
    // A retried add answers the same material, and the staged upload is gone.
    const again = await t.call<Footage>('/v1/footage/add', { upload: tusIdOf(location) }, { token });
    expect(again.data.id).toBe(added.data.id);
    expect(await stagedFiles()).not.toContain(tusIdOf(location));
    await t.call('/v1/footage/delete', { id: added.data.id }, { token });
  }, 60_000);

  it('ends a corrupt video in failed, with a reason in the reader’s language', async () => {
    // MP4 by its first bytes, nothing readable after them.
    const added = await uploadAndAdd(t, token, mediaFile('mp4', 200 * 1024), 'broken.mp4');
    expect(added.data.type).toBe('video');
    const done = await processed(t, token, added.data.id);
    expect(done).toMatchObject({ status: 'failed', failure_reason: 'This file is damaged or incomplete — please upload it again', thumbnail_url: null, preview_url: null });
    const inChinese = await t.call<Footage>('/v1/footage/get', { id: done.id }, { token, lang: 'zh-CN' });
    expect(inChinese.data.failure_reason).toBe('此文件已损坏或不完整，请重新上传');
    // A failed material cannot be made active.
    expect((await t.call('/v1/footage/activate', { id: done.id }, { token })).code).toBe('422');
  }, 60_000);

  it('refuses a JPEG cut off at 20 KB as damaged, in the reader’s language, and never offers it to a render', async () => {
    const whole = await largeJpeg();
    expect(whole.length).toBeGreaterThan(40 * 1024);
    const added = await uploadAndAdd(t, token, whole.subarray(0, 20 * 1024), 'cut.jpg');
    expect(added.data).toMatchObject({ type: 'image', mime: 'image/jpeg' });
    const done = await processed(t, token, added.data.id);
    expect(done).toMatchObject({ status: 'failed', failure_reason: 'This file is damaged or incomplete — please upload it again', thumbnail_url: null });
    const inSpanish = await t.call<Footage>('/v1/footage/get', { id: done.id }, { token, lang: 'es-ES' });
    expect(inSpanish.data.failure_reason).toBe('Este archivo está dañado o incompleto: vuelve a subirlo');
    expect((await t.call('/v1/footage/activate', { id: done.id }, { token })).code).toBe('422');
    const library = await t.app.services.material.libraryOf(done.merchant_id, ['image', 'video'], 100);
    expect(library.map((row) => row.id)).not.toContain(done.id);
    // The whole file, decoded in one piece, is a sound image.
    expect(await processed(t, token, (await uploadAndAdd(t, token, whole, 'whole.jpg')).data.id)).toMatchObject({ status: 'active' });
  }, 60_000);

  it('refuses random bytes named .mp4 at upload as a damaged file, and unknown bytes for what they are', async () => {
    const noise = randomBytes(64 * 1024);
    const created = await tusCreate(t, token, noise.length, { filename: 'dinner.mp4' });
    const patched = await tusPatch(t, token, created.headers.location!, 0, noise);
    expect(patched.status).toBe(415);
    expect(JSON.parse(patched.body)).toMatchObject({ code: '415', msg: 'This file is damaged or incomplete — please upload it again' });
    const inChinese = await tusCreate(t, token, noise.length, { filename: 'dinner.mp4' });
    const refused = await tusPatch(t, token, inChinese.headers.location!, 0, noise, 'zh-CN');
    expect(JSON.parse(refused.body).msg).toBe('此文件已损坏或不完整，请重新上传');
    // Under a name that promises nothing, the message says the bytes are no media at all.
    const unnamed = await tusCreate(t, token, noise.length, { filename: 'notes.bin' });
    const unknown = await tusPatch(t, token, unnamed.headers.location!, 0, noise);
    expect(unknown.status).toBe(415);
    expect(JSON.parse(unknown.body).msg).toMatch(/^The contents of this file are not an image, a video or a sound file\. Accepted: JPG, PNG/);
  });

  it('decodes materials made active before the decode check once, keeping them from renders until then', async () => {
    const material = t.app.services.material;
    const decodeDeps = { db: t.database.db, storage: t.app.services.storage, tools: material.tools };
    const sound = await processed(t, token, (await uploadAndAdd(t, token, await largeJpeg(), 'old-sound.jpg')).data.id);
    const broken = await processed(t, token, (await uploadAndAdd(t, token, await largeJpeg(), 'old-broken.jpg')).data.id);
    // As the migration leaves them: active, never decoded whole; one of them cut off in storage.
    const [row] = await t.query<{ key: string }>(sql`select key from footage where id = ${broken.id}`);
    await t.app.services.storage.put(row!.key, Readable.from([(await largeJpeg()).subarray(0, 20 * 1024)]), { contentType: 'image/jpeg' });
    await t.query(sql`update footage set decode_check_due = true where id in (${sound.id}, ${broken.id})`);
    const offered = async () => (await material.libraryOf(sound.merchant_id, ['image'], 500)).map((media) => media.id);
    expect(await offered()).not.toContain(sound.id);
    expect(await material.mediaOf(sound.merchant_id, [sound.id])).toEqual([]);

    expect(await decodeCheckPass(decodeDeps, 50)).toBeGreaterThanOrEqual(2);
    expect(await offered()).toContain(sound.id);
    expect(await offered()).not.toContain(broken.id);
    expect((await t.call<Footage>('/v1/footage/get', { id: broken.id }, { token })).data).toMatchObject({
      status: 'failed',
      failure_reason: 'This file is damaged or incomplete — please upload it again',
    });
    // Checked once: nothing is due any more.
    expect(await decodeCheckPass(decodeDeps, 50)).toBe(0);
  }, 60_000);

  it('fails a video file that holds no picture, saying so', async () => {
    const added = await uploadAndAdd(t, token, await generatedMedia('audio-only-mp4'), 'voice.mp4');
    expect(added.data.type).toBe('video');
    expect(await processed(t, token, added.data.id)).toMatchObject({ status: 'failed', failure_reason: 'This video has no picture' });
  }, 60_000);

  it('renames, tags, notes, deactivates and activates; the studio sees only active ones and marks them', async () => {
    const added = await uploadAndAdd(t, token, await generatedMedia('jpg'), 'storefront.jpg');
    const id = (await processed(t, token, added.data.id)).id;
    const updated = await t.call<Footage>('/v1/footage/update', { id, name: 'Storefront at noon', tags: ['street'], note: 'Bright, use for the opening shot' }, { token });
    expect(updated.data).toMatchObject({ name: 'Storefront at noon', tags: ['street'], note: 'Bright, use for the opening shot' });

    const studio = await t.login('studio@example.com');
    const operator = await t.login('operator@example.com');
    expect((await t.call<Footage>('/v1/footage/get', { id }, { token: studio })).data.note).toBe('Bright, use for the opening shot');

    expect((await t.call<Footage>('/v1/footage/deactivate', { id }, { token })).data.status).toBe('inactive');
    expect((await t.call('/v1/footage/get', { id }, { token: studio })).code).toBe('404');
    const studioList = await t.call<{ list: Footage[] }>('/v1/footage/list', { page_size: 100 }, { token: studio });
    expect(studioList.data.list.map((row) => row.id)).not.toContain(id);
    expect((await t.call('/v1/footage/mark', { id, usage: 'completed' }, { token: studio })).code).toBe('404');
    expect((await t.call<Footage>('/v1/footage/activate', { id }, { token })).data.status).toBe('active');

    const failed = await t.call<Footage>('/v1/footage/mark', { id, usage: 'failed' }, { token: operator });
    expect(failed.code).toBe('400');
    expect((failed.data as unknown as { fields: Record<string, string> }).fields.reason).toBe('Please say why the material cannot be used');
    const tooDark = await t.call<Footage>('/v1/footage/mark', { id, usage: 'failed', reason: 'too dark' }, { token: operator });
    expect(tooDark.data).toMatchObject({ usage: 'failed', usage_reason: 'too dark', usage_by: 'Oscar Operator' });
    const completed = await t.call<Footage>('/v1/footage/mark', { id, usage: 'completed', video_ids: [12, 12, 13], reason: 'ignored' }, { token: studio });
    expect(completed.data).toMatchObject({ usage: 'completed', usage_video_ids: [12, 13], usage_reason: '', usage_by: 'Sunset AI Studio' });

    // The merchant sees what became of it.
    const mine = await t.call<{ list: Footage[] }>('/v1/footage/list', { usage: 'completed' }, { token });
    expect(mine.data.list.map((row) => row.id)).toEqual([id]);
    // A merchant cannot mark its own materials.
    expect((await t.call('/v1/footage/mark', { id, usage: 'pending' }, { token })).code).toBe('403');
  }, 60_000);

  it('filters the list by type, status and date and counts by type', async () => {
    const count = await t.call<{ total: number; video: number; image: number; audio: number; failed: number }>('/v1/footage/count', {}, { token });
    const list = await t.call<{ list: Footage[]; total: number }>('/v1/footage/list', { page_size: 100 }, { token });
    expect(count.data.total).toBe(list.data.total);
    expect(count.data.video + count.data.image + count.data.audio).toBe(count.data.total);
    const images = await t.call<{ list: Footage[]; total: number }>('/v1/footage/list', { type: 'image' }, { token });
    expect(images.data.total).toBe(count.data.image);
    expect(images.data.list.every((row) => row.type === 'image')).toBe(true);
    const failed = await t.call<{ total: number }>('/v1/footage/list', { status: 'failed' }, { token });
    expect(failed.data.total).toBe(count.data.failed);
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.call<{ total: number }>('/v1/footage/list', { date_from: today, date_to: today }, { token })).data.total).toBe(list.data.total);
    expect((await t.call<{ total: number }>('/v1/footage/list', { date_to: '2020-01-01' }, { token })).data.total).toBe(0);
    const named = await t.call<{ list: Footage[] }>('/v1/footage/list', { keyword: 'storefront' }, { token });
    expect(named.data.list.map((row) => row.name)).toEqual(['Storefront at noon']);
  });

  it('keeps a material that a post still to go out uses, and keeps the video of a post done with it', async () => {
    const added = await uploadAndAdd(t, token, await generatedMedia('mp4'), 'brunch.mp4');
    const material = await processed(t, token, added.data.id);
    const [client] = await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`);
    const studio = await t.login('studio@example.com');
    await connectSandbox(t, studio, client!.id);
    const post = await addPost(t, studio, client!.id, { footage_id: material.id, upload_id: undefined, schedule_at: new Date(Date.now() + 3600_000).toISOString() });

    const refused = await t.call('/v1/footage/delete', { id: material.id }, { token, lang: 'es' });
    expect(refused).toMatchObject({ code: '409', msg: 'Este material es el vídeo de 1 publicación(es) aún sin publicar. Cancélalas o asígnales otro vídeo antes' });
    expect((await download(t, material.file_url)).status).toBe(200);

    // Once the post is done with it, the material goes and the post keeps its video and cover.
    await t.query(sql`update video_posts set status = 'done' where id = ${post.id}`);
    expect((await t.call('/v1/footage/delete', { id: material.id }, { token })).code).toBe('200');
    expect((await t.call('/v1/footage/get', { id: material.id }, { token })).code).toBe('404');
    const file = await t.call<{ url: string }>('/v1/base/video', { id: post.id }, { token });
    expect((await download(t, file.data.url)).status).toBe(200);
  }, 60_000);
});
