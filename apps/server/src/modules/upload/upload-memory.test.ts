import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FOOTAGE_TUS_PATH, type Envelope, type UploadResponse } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mediaStream } from '../../test/media-samples.js';
import { multipartBody } from '../../test/multipart.js';

const MB = 1024 * 1024;
const VIDEO_BYTES = 150 * MB;
/**
 * "Far less than the file" (a server that buffered the file would grow by all of it): local
 * disk passes 64 KB chunks on, so a quarter of the file is generous; S3 holds lib-storage's 5 MB
 * parts (one assembled and copied, two in flight) plus whatever garbage V8 has not collected
 * yet, a bound that does not grow with the file but swings with the collector, hence half...
 */
const MAX_RSS_GROWTH = { local: 25 * MB, s3: 50 * MB };
/**
 * ...and what is still alive after a full collection (heap plus buffers) stays under a third of
 * the file: a streaming server keeps a few parts alive (on S3 up to three 5 MB parts, each
 * briefly twice while lib-storage joins its chunks, about 30 MB whatever the file's size), one
 * that buffered would keep nearly all 150 MB by the end. Counting garbage instead made the bound
 * swing with the collector's timing (the generator on the client side of this same process makes
 * 150 MB of it).
 */
const MAX_LIVE_GROWTH = 50 * MB;

/** A full collection on demand, without starting the test process with --expose-gc. */
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

let fake: FakeS3;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeS3();
  await fake.createBucket('nearcast-memory');
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-memory-'));
}, 30_000);
afterAll(async () => {
  await fake?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Posts a generated video over real HTTP; neither side ever has the whole body. */
async function postVideo(port: number, token: string, size: number): Promise<Envelope<UploadResponse> & { status: number }> {
  const form = multipartBody({ purpose: 'video' }, { filename: 'big.mp4', contentType: 'video/mp4', content: mediaStream('mp4', size) }, size);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/base/oss/temp',
    headers: { ...form.headers, 'content-length': String(form.length), authorization: `Bearer ${token}` },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  await pipeline(form.body, request);
  const response = await answered;
  let text = '';
  for await (const chunk of response) text += (chunk as Buffer).toString('utf8');
  return { status: response.statusCode ?? 0, ...(JSON.parse(text) as Envelope<UploadResponse>) };
}

/**
 * Samples the process's memory while `work` runs; answers the peaks above where it started.
 * RSS (every 5 ms) is the memory the process really occupies; live memory (every 250 ms, each
 * time after two full collections, which on a large heap cost tens of milliseconds) is the heap and buffers still referenced, which is what a
 * server that buffered the upload would pile up.
 */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; live: number }> {
  // V8 frees the memory behind collected buffers on a background thread: on a busy machine a
  // reading right after the collection still counts buffers already dead. Two collections a
  // moment apart let it catch up, so what is counted is what is still referenced.
  const liveNow = async () => {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 10));
    collect();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const start = { rss: process.memoryUsage().rss, live: await liveNow() };
  const peak = { ...start };
  const rssTimer = setInterval(() => (peak.rss = Math.max(peak.rss, process.memoryUsage().rss)), 5);
  let sampling = false;
  const liveTimer = setInterval(() => {
    if (sampling) return;
    sampling = true;
    void liveNow().then((live) => {
      peak.live = Math.max(peak.live, live);
      sampling = false;
    });
  }, 250);
  try {
    const result = await work();
    peak.live = Math.max(peak.live, await liveNow());
    return { result, rss: peak.rss - start.rss, live: peak.live - start.live };
  } finally {
    clearInterval(rssTimer);
    clearInterval(liveTimer);
  }
}

describe.each([
  ['local disk', 'local' as const, () => ({})],
  ['S3 (a fake S3 server on loopback)', 's3' as const, () => fake.config('nearcast-memory')],
])('a 150 MB video through the upload endpoint to %s storage', (_name, kind, storageConfig) => {
  let t: TestApp;
  let port: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...storageConfig() } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    token = await t.login('studio@example.com');
  }, 60_000);
  afterAll(() => t?.close());

  it('streams: the server process grows by far less than the file', async () => {
    // A first, smaller upload loads every code path and fills the pools the big one reuses.
    const warm = await postVideo(port, token, 12 * MB);
    expect(warm.code).toBe('200');

    const { result, rss, live } = await peakGrowth(() => postVideo(port, token, VIDEO_BYTES));
    console.info(`${_name}: peak growth while uploading 150 MB: RSS ${(rss / MB).toFixed(1)} MB, live after collection ${(live / MB).toFixed(1)} MB`);
    expect(result).toMatchObject({ status: 200, code: '200', data: { type: 'video', mime: 'video/mp4', size: VIDEO_BYTES } });
    expect(rss).toBeLessThan(MAX_RSS_GROWTH[kind]);
    expect(live).toBeLessThan(MAX_LIVE_GROWTH);

    expect(t.app.services.storage.kind).toBe(kind);
    const stored = await t.app.services.storage.stat(kind === 'local' ? keyFrom(result.data.url) : keyFromS3(result.data.url));
    expect(stored).toMatchObject({ size: VIDEO_BYTES, contentType: 'video/mp4' });
  }, 240_000);
});

/**
 * The resumable endpoint staged on S3 (docs/decisions/046): one PATCH streams 150 MB; the
 * staging holds one 5 MiB part buffer at a time, so the process grows by the same bound as a
 * streamed put, not by the file.
 */
describe('a 150 MB video through the resumable endpoint staged on S3', () => {
  let t: TestApp;
  let port: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...fake.config('nearcast-memory') } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    token = await t.login('client@example.com');
  }, 60_000);
  afterAll(() => t?.close());

  async function tusUpload(size: number): Promise<number> {
    const created = await fetch(`http://127.0.0.1:${port}/api${FOOTAGE_TUS_PATH}`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, 'upload-length': String(size) },
    });
    expect(created.status).toBe(201);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: created.headers.get('location')!,
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(size),
      },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    });
    await pipeline(mediaStream('mp4', size), request);
    const response = await answered;
    response.resume();
    expect(response.headers['upload-offset']).toBe(String(size));
    return response.statusCode ?? 0;
  }

  it('streams: the server process grows by far less than the file', async () => {
    expect(await tusUpload(12 * MB)).toBe(204);
    const { result, rss, live } = await peakGrowth(() => tusUpload(VIDEO_BYTES));
    console.info(`tus on S3: peak growth while uploading 150 MB: RSS ${(rss / MB).toFixed(1)} MB, live after collection ${(live / MB).toFixed(1)} MB`);
    expect(result).toBe(204);
    expect(rss).toBeLessThan(MAX_RSS_GROWTH.s3);
    expect(live).toBeLessThan(MAX_LIVE_GROWTH);
  }, 240_000);
});

/** The storage key inside a signed URL: after /files/ locally, after the bucket on S3. */
function keyFrom(url: string): string {
  return new URL(url).pathname.replace(/^\/files\//, '');
}
function keyFromS3(url: string): string {
  return new URL(url).pathname.replace(/^\/nearcast-memory\//, '');
}
