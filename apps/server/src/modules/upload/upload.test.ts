import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_RULES, type Envelope, type UploadResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../composition/jobs.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mediaFile, mediaStream, type MediaFormat } from '../../test/media-samples.js';
import { multipartBody } from '../../test/multipart.js';

let t: TestApp;
let dataDir: string;
let token: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-uploads-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, RATE_LIMIT_UPLOAD_PER_MINUTE: 10_000 } });
  token = await t.login('client@example.com');
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface UploadOptions {
  purpose?: string;
  fields?: Record<string, string>;
  filename?: string;
  declaredType?: string;
  token?: string | null;
  lang?: string;
  fileSize?: number;
  sendLength?: boolean;
}

async function upload(content: Buffer | Readable, options: UploadOptions = {}) {
  const fields = { ...(options.purpose ? { purpose: options.purpose } : {}), ...options.fields };
  const form = multipartBody(
    fields,
    { filename: options.filename ?? 'file.bin', contentType: options.declaredType ?? 'application/octet-stream', content },
    options.fileSize,
  );
  const headers: Record<string, string> = { ...form.headers };
  const bearer = options.token === undefined ? token : options.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.sendLength && form.length !== undefined) headers['content-length'] = String(form.length);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/base/oss/temp', headers, payload: form.body });
  return { status: response.statusCode, ...(response.json() as Envelope<UploadResponse>) };
}

/** Every file under the storage root except its own bookkeeping (the secret, sidecars, temporaries). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('.'));
}

async function uploadRows() {
  return t.query<{ id: number; key: string; size: string | number; sha256: string; expires_at: string | null }>(
    sql`select id, key, size, sha256, expires_at from uploads order by id`,
  );
}

/** The path and query of a signed URL, for app.inject. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('POST /api/v1/base/oss/temp', () => {
  const accepted: [MediaFormat, string, string][] = [
    ['jpg', 'image', 'image/jpeg'],
    ['png', 'image', 'image/png'],
    ['webp', 'image', 'image/webp'],
    ['gif', 'image', 'image/gif'],
    ['heic', 'image', 'image/heic'],
    ['mp4', 'video', 'video/mp4'],
    ['mov', 'video', 'video/quicktime'],
    ['webm', 'video', 'video/webm'],
    ['mp3', 'audio', 'audio/mpeg'],
    ['m4a', 'audio', 'audio/x-m4a'],
    ['wav', 'audio', 'audio/wav'],
    ['ogg', 'audio', 'audio/ogg'],
    ['opus', 'audio', 'audio/ogg; codecs=opus'],
    ['aac', 'audio', 'audio/aac'],
  ];

  it.each(accepted)('accepts %s as %s (%s), stores it whole and hashes it', async (format, purpose, mime) => {
    const bytes = mediaFile(format, 10_000);
    const answer = await upload(bytes, { purpose, filename: `x.${format}` });
    expect(answer.code).toBe('200');
    expect(answer.data).toMatchObject({ type: purpose, mime, size: 10_000 });
    const [row] = await t.query<{ key: string; sha256: string; owner_id: number }>(
      sql`select key, sha256, owner_id from uploads where id = ${answer.data.id}`,
    );
    expect(row!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(row!.key.endsWith(`.${format}`)).toBe(true);
    expect(await fs.readFile(path.join(dataDir, 'uploads', row!.key))).toEqual(bytes);
    const expires = Date.parse(answer.data.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('lets every signed-in role upload, and no one signed out', async () => {
    for (const email of ['super', 'admin', 'agent', 'studio', 'operator', 'client'].map((name) => `${name}@example.com`)) {
      const answer = await upload(mediaFile('png'), { token: await t.login(email) });
      expect([email, answer.code]).toEqual([email, '200']);
    }
    const before = await uploadRows();
    const anonymous = await upload(mediaFile('png'), { token: null });
    expect(anonymous).toMatchObject({ status: 403, code: '403', msg: 'Please sign in first' });
    const forged = await upload(mediaFile('png'), { token: 'not-a-session' });
    expect(forged.code).toBe('403');
    expect(await uploadRows()).toEqual(before);
  });

  it('decides the type from the bytes: PNG bytes named .mp4 are an image, and refused as a video', async () => {
    const disguised = mediaFile('png');
    const asAnything = await upload(disguised, { filename: 'clip.mp4', declaredType: 'video/mp4' });
    expect(asAnything.data).toMatchObject({ type: 'image', mime: 'image/png' });
    const asImage = await upload(disguised, { purpose: 'image', filename: 'clip.mp4', declaredType: 'video/mp4' });
    expect(asImage.data).toMatchObject({ type: 'image', mime: 'image/png' });

    const rows = await uploadRows();
    const files = await storedFiles();
    const asVideo = await upload(disguised, { purpose: 'video', filename: 'clip.mp4', declaredType: 'video/mp4' });
    expect(asVideo).toMatchObject({ status: 415, code: '415', msg: 'This kind of file is not accepted here. Accepted: MP4, MOV, WEBM' });
    // An MP4 declared as a PNG image is still a video.
    const mp4AsPng = await upload(mediaFile('mp4'), { purpose: 'image', filename: 'photo.png', declaredType: 'image/png' });
    expect(mp4AsPng.code).toBe('415');
    expect(await uploadRows()).toEqual(rows);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses types no purpose allows with 415, in the caller language, and keeps nothing', async () => {
    const rows = await uploadRows();
    const files = await storedFiles();
    for (const format of ['pdf', 'zip'] as const) {
      const answer = await upload(mediaFile(format), { filename: 'photo.jpg', declaredType: 'image/jpeg' });
      expect(answer.status).toBe(415);
      expect(answer.msg).toContain('JPG, PNG, WEBP, GIF, HEIC, MP4');
    }
    const text = await upload(Buffer.from('just some words, no magic number at all'), { filename: 'a.mp3' });
    expect(text.code).toBe('415');
    const empty = await upload(Buffer.alloc(0), { filename: 'a.png' });
    expect(empty.code).toBe('415');
    const chinese = await upload(mediaFile('jpg'), { purpose: 'audio', lang: 'zh-CN' });
    expect(chinese.msg).toBe('此处不接受这种文件。可接受：MP3, M4A, WAV, OGG, OPUS, AAC');
    expect(await uploadRows()).toEqual(rows);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses a file over its limit with 413 naming the limit, without reading it whole or keeping any of it', async () => {
    const rows = await uploadRows();
    const files = await storedFiles();
    const limit = UPLOAD_RULES.image.maxMb;
    // No Content-Length: the server counts as it streams and stops at the limit.
    const body = mediaStream('png', 200 * MB);
    const answer = await upload(body, { purpose: 'image', fileSize: 200 * MB });
    expect(answer).toMatchObject({ status: 413, code: '413', msg: `Images may be at most ${limit} MB` });
    expect(body.pulled()).toBeGreaterThan(limit * MB);
    expect(body.pulled()).toBeLessThan(limit * MB + 8 * MB);
    // With a Content-Length over the limit it is refused after the first few kilobytes.
    const declared = mediaStream('mp3', 60 * MB);
    const audio = await upload(declared, { fileSize: 60 * MB, sendLength: true, lang: 'es' });
    expect(audio).toMatchObject({ status: 413, msg: `Los archivos de audio pueden tener como máximo ${UPLOAD_RULES.audio.maxMb} MB` });
    expect(declared.pulled()).toBeLessThan(1 * MB);
    // Exactly at the limit is fine.
    const atLimit = await upload(mediaStream('png', limit * MB), { fileSize: limit * MB });
    expect(atLimit.data).toMatchObject({ type: 'image', size: limit * MB });
    expect((await uploadRows()).length).toBe(rows.length + 1);
    expect((await storedFiles()).length).toBe(files.length + 1);
    await fs.rm(path.join(dataDir, 'uploads', (await uploadRows()).at(-1)!.key));
  });

  it('answers a JSON body 415, a form without a file 400 on `file`, and bad fields 400 naming them', async () => {
    const json = await t.call('/v1/base/oss/temp', { purpose: 'image' }, { token });
    expect(json).toMatchObject({ status: 415, code: '415' });
    const noFile = multipartBody({ purpose: 'image' }, null);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/base/oss/temp',
      headers: { ...noFile.headers, authorization: `Bearer ${token}` },
      payload: noFile.body,
    });
    expect(response.json()).toMatchObject({ code: '400', msg: 'Please choose a file to upload', data: { fields: { file: 'This field is required' } } });
    const badPurpose = await upload(mediaFile('png'), { purpose: 'document' });
    expect(badPurpose).toMatchObject({ code: '400', data: { fields: { purpose: 'The purpose must be image, video or audio' } } });
    const extra = await upload(mediaFile('png'), { fields: { folder: 'x' } });
    expect(extra).toMatchObject({ code: '400', data: { fields: { folder: 'Unknown field: folder' } } });
  });
});

describe('upload rate limit', () => {
  it('answers 429 past RATE_LIMIT_UPLOAD_PER_MINUTE uploads from one address', async () => {
    const limited = await createTestApp({ config: { DATA_DIR: dataDir, RATE_LIMIT_UPLOAD_PER_MINUTE: 2 } });
    try {
      const bearer = await limited.login('studio@example.com');
      const send = async () => {
        const form = multipartBody({}, { filename: 'a.png', contentType: 'image/png', content: mediaFile('png') });
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/base/oss/temp',
          headers: { ...form.headers, authorization: `Bearer ${bearer}` },
          payload: form.body,
        });
        return response.statusCode;
      };
      expect([await send(), await send(), await send()]).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('signed URLs of local storage', () => {
  let answer: UploadResponse;
  const bytes = Buffer.concat([mediaFile('jpg', 1000), Buffer.from('the end')]);

  beforeAll(async () => {
    answer = (await upload(bytes, { purpose: 'image' })).data;
  });

  it('serves the file with its detected type, whole or by range', async () => {
    const url = new URL(answer.url);
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.searchParams.get('expires')).toBe(String(Date.parse(answer.url_expires_at) / 1000));
    const whole = await t.app.inject({ method: 'GET', url: local(answer.url) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload).toEqual(bytes);

    const first = await t.app.inject({ method: 'GET', url: local(answer.url), headers: { range: 'bytes=0-3' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-3/${bytes.length}`);
    expect(first.rawPayload).toEqual(bytes.subarray(0, 4));
    const last = await t.app.inject({ method: 'GET', url: local(answer.url), headers: { range: 'bytes=-7' } });
    expect(last.rawPayload.toString()).toBe('the end');
    const open = await t.app.inject({ method: 'GET', url: local(answer.url), headers: { range: 'bytes=1000-' } });
    expect([open.statusCode, open.rawPayload.toString()]).toEqual([206, 'the end']);
    const beyond = await t.app.inject({ method: 'GET', url: local(answer.url), headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    const head = await t.app.inject({ method: 'HEAD', url: local(answer.url) });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, String(bytes.length), 0]);
  });

  it('refuses a tampered, moved or expired link with 403 and a missing file with 404', async () => {
    const url = new URL(answer.url);
    const signature = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const moved = new URL(url);
    moved.pathname = moved.pathname.replace(/[^/]+$/, 'other.jpg');
    const unsigned = new URL(url);
    unsigned.search = '';
    for (const bad of [tampered, later, moved, unsigned]) {
      const response = await t.app.inject({ method: 'GET', url: local(bad.toString()), headers: { 'accept-language': 'es' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: '403', msg: 'Este enlace de archivo no es válido o ha caducado' });
    }
    const [row] = await t.query<{ key: string }>(sql`select key from uploads where id = ${answer.id}`);
    const expired = await t.app.services.uploads.signedUrl(row!.key, -1);
    expect((await t.app.inject({ method: 'GET', url: local(expired.url) })).statusCode).toBe(403);

    const gone = await t.app.services.uploads.signedUrl('2020/01/never-stored.jpg', 60);
    expect((await t.app.inject({ method: 'GET', url: local(gone.url) })).statusCode).toBe(404);
    const climbing = await t.app.inject({ method: 'GET', url: `/files/../../etc/passwd?expires=9999999999&signature=x` });
    expect([403, 404]).toContain(climbing.statusCode);
  });

  it('keeps one signing secret in the storage directory, so a second instance accepts the first one\'s links', async () => {
    const secret = await fs.readFile(path.join(dataDir, 'uploads', '.url-secret'), 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const second = await createTestApp({ config: { DATA_DIR: dataDir }, seed: false });
    try {
      const response = await second.app.inject({ method: 'GET', url: local(answer.url) });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(bytes);
    } finally {
      await second.close();
    }
  });
});

describe('temporary uploads: claim and purge', () => {
  it('lets the uploader claim an upload once, before it expires', async () => {
    const mine = (await upload(mediaFile('mp4'), { purpose: 'video' })).data;
    const [{ id: ownerId }] = (await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`)) as [{ id: number }];
    const [{ id: otherId }] = (await t.query<{ id: number }>(sql`select id from accounts where email = 'studio@example.com'`)) as [{ id: number }];
    const { uploads } = t.app.services;
    const db = t.database.db;

    await expect(db.transaction((tx) => uploads.claim(tx, mine.id, otherId))).rejects.toMatchObject({ code: '404', key: 'upload.not_found' });
    const claimed = await db.transaction((tx) => uploads.claim(tx, mine.id, ownerId));
    expect(claimed).toMatchObject({ id: mine.id, type: 'video', mime: 'video/mp4', size: 8192 });
    await expect(db.transaction((tx) => uploads.claim(tx, mine.id, ownerId))).rejects.toMatchObject({ code: '404' });

    const late = (await upload(mediaFile('mp4'), { purpose: 'video' })).data;
    await t.query(sql`update uploads set expires_at = now() - interval '1 minute' where id = ${late.id}`);
    await expect(db.transaction((tx) => uploads.claim(tx, late.id, ownerId))).rejects.toMatchObject({ code: '404' });
  });

  it('purges unclaimed uploads past 24 hours with their files, and nothing else', async () => {
    const expired = [
      (await upload(mediaFile('png'), { purpose: 'image' })).data,
      (await upload(mediaFile('wav'), { purpose: 'audio' })).data,
    ];
    const fresh = (await upload(mediaFile('gif'), { purpose: 'image' })).data;
    const kept = (await upload(mediaFile('webm'), { purpose: 'video' })).data;
    const [{ id: ownerId }] = (await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`)) as [{ id: number }];
    await t.database.db.transaction((tx) => t.app.services.uploads.claim(tx, kept.id, ownerId));
    // Aged past their 24 hours, as if uploaded yesterday.
    for (const old of [...expired, kept]) {
      await t.query(sql`update uploads set created_at = created_at - interval '25 hours' where id = ${old.id}`);
    }
    for (const old of expired) {
      await t.query(sql`update uploads set expires_at = created_at + interval '24 hours' where id = ${old.id}`);
    }
    const keyOf = async (id: number) => (await t.query<{ key: string }>(sql`select key from uploads where id = ${id}`))[0]?.key;
    const expiredKeys = await Promise.all(expired.map((u) => keyOf(u.id)));
    const survivorKeys = [await keyOf(fresh.id), await keyOf(kept.id)];
    for (const key of expiredKeys) expect(await t.app.services.uploads.storage.stat(key!)).not.toBeNull();

    // Through the job definition the queue runs (as listed in the registry), not just the function behind it.
    const job = jobDefinitions(t.app.services, t.app.log).find((definition) => definition.name === 'upload.purge-temp');
    expect(job).toMatchObject({ schedule: '*/15 * * * *', retryLimit: 3, retryBackoff: true });
    await job!.handler({} as never);

    for (const key of expiredKeys) expect(await t.app.services.uploads.storage.stat(key!)).toBeNull();
    const ids = (await uploadRows()).map((row) => row.id);
    for (const gone of expired) expect(ids).not.toContain(gone.id);
    expect(ids).toEqual(expect.arrayContaining([fresh.id, kept.id]));
    for (const key of survivorKeys) expect(await t.app.services.uploads.storage.stat(key!)).not.toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: local(expired[0]!.url) });
    expect(gone.statusCode).toBe(404);
    // A second run finds nothing left to do.
    expect(await t.app.services.uploads.purgeExpired()).toBe(0);
  });

  it('purges an upload whose object is already gone (a crash mid-upload leaves just the row)', async () => {
    const orphan = (await upload(mediaFile('png'))).data;
    const [row] = await t.query<{ key: string }>(sql`select key from uploads where id = ${orphan.id}`);
    await t.app.services.uploads.storage.delete(row!.key);
    await t.query(sql`update uploads set expires_at = now() - interval '1 second' where id = ${orphan.id}`);
    expect(await t.app.services.uploads.purgeExpired()).toBe(1);
    expect((await uploadRows()).map((r) => r.id)).not.toContain(orphan.id);
  });
});
