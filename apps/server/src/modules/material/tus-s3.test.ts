import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Envelope, Footage } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { FAKE_S3_KEY, startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { generatedMedia } from '../../test/generated-media.js';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/harness.js';
import { mediaFile } from '../../test/media-samples.js';
import { listenOnce, tusCreate, tusHead, tusIdOf, tusPatch, type TusAnswer } from '../../test/tus-client.js';

/**
 * Resumable uploads staged in the bucket (docs/decisions/046): two app instances on one
 * database and one (fake) bucket, each with a disk of its own, continue each other's uploads;
 * concurrent writers cannot corrupt one; abandoned uploads are purged from the bucket. The
 * fake follows S3's multipart protocol, refusals included, which the first block checks.
 */
const MB = 1024 * 1024;
const BUCKET = 'nearcast-tus';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let fake: FakeS3;
let s3: S3Client;
beforeAll(async () => {
  fake = await startFakeS3();
  await fake.createBucket(BUCKET);
  s3 = new S3Client({ endpoint: fake.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: FAKE_S3_KEY, secretAccessKey: FAKE_S3_KEY } });
}, 60_000);
afterAll(async () => {
  s3?.destroy();
  await fake?.close();
});

const errorName = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof Error ? error.name : String(error)),
  );

describe('the fake S3 follows the multipart protocol', () => {
  const Bucket = BUCKET;
  const start = async (Key: string) => (await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId!;
  const part = async (Key: string, UploadId: string, PartNumber: number, Body: Buffer) =>
    (await s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }))).ETag!;

  it('refuses a part other than the last under 5 MiB (EntityTooSmall), a wrong ETag (InvalidPart) and a wrong order', async () => {
    const Key = 'protocol/small';
    const UploadId = await start(Key);
    const one = await part(Key, UploadId, 1, randomBytes(1024));
    const two = await part(Key, UploadId, 2, randomBytes(1024));
    const complete = (Parts: { ETag: string; PartNumber: number }[]) =>
      s3.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
    expect(await errorName(complete([{ ETag: one, PartNumber: 1 }, { ETag: two, PartNumber: 2 }]))).toBe('EntityTooSmall');
    expect(await errorName(complete([{ ETag: two, PartNumber: 1 }]))).toBe('InvalidPart');
    expect(await errorName(complete([{ ETag: two, PartNumber: 2 }, { ETag: one, PartNumber: 1 }]))).toBe('InvalidPartOrder');
    const listed = await s3.send(new ListPartsCommand({ Bucket, Key, UploadId }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.Size]), JSON.stringify(listed.Parts)).toEqual([[1, 1024], [2, 1024]]);
    // The last part alone may be small.
    await complete([{ ETag: one, PartNumber: 1 }]);
    // A completed upload is gone: its id is unknown from then on.
    expect(await errorName(part(Key, UploadId, 2, randomBytes(10)))).toBe('NoSuchUpload');
  });

  it('forgets an aborted upload (NoSuchUpload)', async () => {
    const Key = 'protocol/aborted';
    const UploadId = await start(Key);
    await part(Key, UploadId, 1, randomBytes(5 * MB));
    await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    expect(await errorName(s3.send(new ListPartsCommand({ Bucket, Key, UploadId })))).toBe('NoSuchUpload');
    expect(await errorName(s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })))).toBe('NoSuchUpload');
    expect(await errorName(part(Key, UploadId, 2, randomBytes(10)))).toBe('NoSuchUpload');
  });
});

describe('resumable uploads on S3, two instances', () => {
  let t: TestApp;
  let a: TestApp;
  let b: TestApp;
  let other: FastifyInstance;
  let otherDatabase: Database | undefined;
  let token: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-tus-a-'));
    const otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-tus-b-'));
    dirs.push(dataDir, otherDir);
    t = await createTestApp({ config: { DATA_DIR: dataDir, ...fake.config(BUCKET) } });
    if (testDatabaseUrl) {
      const [{ name }] = (await t.query<{ name: string }>(sql`select current_database() as name`)) as [{ name: string }];
      const url = new URL(testDatabaseUrl);
      url.pathname = `/${name}`;
      otherDatabase = await openDatabase({ url: url.toString(), poolSize: 4 });
    }
    // The second instance has a disk of its own: nothing of an upload may wait on either disk.
    other = await buildApp({ config: { ...t.app.services.config, DATA_DIR: otherDir }, database: otherDatabase ?? t.database, mailer: t.mailer });
    await other.ready();
    a = t;
    b = { ...t, app: other, call: callOn(other) };
    token = await t.login('client@example.com');
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await t?.close();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  const stagedObjects = async (id: string) =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `tus/${id}/` }))).Contents ?? []).map((object) => object.Key!);
  const stagedRow = async (id: string) =>
    (await t.query<{ received_bytes: number; parts: number; tail_key: string | null; multipart_id: string; lease_token: string | null }>(
      sql`select received_bytes::int as received_bytes, cardinality(part_etags)::int as parts, tail_key, multipart_id, lease_token from footage_tus_uploads where id = ${id}`,
    ))[0];

  it('continues on one instance an upload begun on the other, and adds a byte-identical file', async () => {
    // A real video with extra bytes after it (players ignore them), long enough for three parts.
    const bytes = Buffer.concat([await generatedMedia('mp4'), randomBytes(12 * MB)]);
    const created = await tusCreate(a, token, bytes.length, { filename: 'across.mp4' });
    expect(created.status, created.body).toBe(201);
    const location = created.headers.location!;
    const id = tusIdOf(location);

    // 3 MiB on A: under a part, so it waits as the tail.
    expect((await tusPatch(a, token, location, 0, bytes.subarray(0, 3 * MB))).status).toBe(204);
    expect(await stagedRow(id)).toMatchObject({ received_bytes: 3 * MB, parts: 0 });
    // B sees the offset A reached, and continues: the tail and the new bytes make part 1.
    expect((await tusHead(b, token, location)).headers['upload-offset']).toBe(String(3 * MB));
    const onB = await tusPatch(b, token, location, 3 * MB, bytes.subarray(3 * MB, 7 * MB));
    expect(onB.status, onB.body).toBe(204);
    expect(onB.headers['upload-offset']).toBe(String(7 * MB));
    expect(await stagedRow(id)).toMatchObject({ received_bytes: 7 * MB, parts: 1 });

    // A PATCH with a stale offset is refused with 409, on either instance, and changes nothing.
    expect((await tusPatch(a, token, location, 3 * MB, bytes.subarray(3 * MB, 4 * MB))).status).toBe(409);
    expect((await tusHead(a, token, location)).headers['upload-offset']).toBe(String(7 * MB));

    // Adding before the end is refused; A finishes the upload; B adds it.
    expect((await b.call('/v1/footage/add', { upload: id }, { token })).code).toBe('409');
    const last = await tusPatch(a, token, location, 7 * MB, bytes.subarray(7 * MB));
    expect(last.status, last.body).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    const added = await b.call<Footage>('/v1/footage/add', { upload: id }, { token });
    expect(added.code, added.msg).toBe('200');
    expect(added.data).toMatchObject({ type: 'video', mime: 'video/mp4', size: bytes.length, name: 'across.mp4' });

    const stored = Buffer.from(await (await fetch(added.data.file_url)).arrayBuffer());
    expect(stored.length).toBe(bytes.length);
    expect(sha256(stored)).toBe(sha256(bytes));
    // Nothing staged is left: no row, no object, no open multipart upload; a retried add answers the same material.
    expect(await stagedRow(id)).toBeUndefined();
    expect(await stagedObjects(id)).toEqual([]);
    expect((await a.call<Footage>('/v1/footage/add', { upload: id }, { token })).data.id).toBe(added.data.id);
    expect((await a.call('/v1/footage/delete', { id: added.data.id }, { token })).code).toBe('200');
  }, 120_000);

  it('keeps what arrived before a connection dropped, for the other instance to continue from', async () => {
    const bytes = Buffer.concat([await generatedMedia('mp4'), randomBytes(8 * MB)]);
    const created = await tusCreate(a, token, bytes.length, { filename: 'dropped.mp4' });
    const location = created.headers.location!;
    const id = tusIdOf(location);
    const request = await openPatch(a, token, location, 0, bytes.length);
    await write(request, bytes.subarray(0, 6 * MB + 123));
    await waitFor(async () => Number((await stagedRow(id))?.parts) === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.destroy();

    let offset = 0;
    await waitFor(async () => {
      const row = await stagedRow(id);
      offset = Number(row?.received_bytes);
      return row?.lease_token === null && offset > 5 * MB;
    });
    expect(offset).toBe(6 * MB + 123);
    expect(await stagedObjects(id)).toContainEqual(expect.stringMatching(new RegExp(`^tus/${id}/tail-`)));
    const rest = await tusPatch(b, token, location, offset, bytes.subarray(offset));
    expect(rest.status, rest.body).toBe(204);
    const added = await b.call<Footage>('/v1/footage/add', { upload: id }, { token });
    expect(added.code, added.msg).toBe('200');
    const stored = Buffer.from(await (await fetch(added.data.file_url)).arrayBuffer());
    expect(sha256(stored)).toBe(sha256(bytes));
    await a.call('/v1/footage/delete', { id: added.data.id }, { token });
  }, 120_000);

  it('lets one PATCH at a time write an upload: a second one, on the other instance, hears 409', async () => {
    const bytes = Buffer.concat([await generatedMedia('mp4'), randomBytes(6 * MB)]);
    const created = await tusCreate(a, token, bytes.length, { filename: 'raced.mp4' });
    const location = created.headers.location!;
    const id = tusIdOf(location);
    // A's PATCH starts and holds the upload while its bytes trickle in.
    const request = await openPatch(a, token, location, 0, bytes.length);
    const answered = answerOf(request);
    await write(request, bytes.subarray(0, MB));
    await waitFor(async () => (await stagedRow(id))?.lease_token != null);

    const rival = await tusPatch(b, token, location, 0, bytes, 'es');
    expect(rival.status).toBe(409);
    expect((JSON.parse(rival.body) as Envelope<unknown>).msg).toMatch(/otra solicitud/i);

    request.end(bytes.subarray(MB));
    expect((await answered).status).toBe(204);
    expect((await tusHead(b, token, location)).headers['upload-offset']).toBe(String(bytes.length));
    const added = await b.call<Footage>('/v1/footage/add', { upload: id }, { token });
    const stored = Buffer.from(await (await fetch(added.data.file_url)).arrayBuffer());
    expect(sha256(stored)).toBe(sha256(bytes));
    await a.call('/v1/footage/delete', { id: added.data.id }, { token });
  }, 120_000);

  it('refuses bytes that are no material at the first bytes, keeping nothing in the bucket', async () => {
    const created = await tusCreate(a, token, 8 * MB, { filename: 'notes.mp4' });
    const location = created.headers.location!;
    const id = tusIdOf(location);
    const refused = await tusPatch(b, token, location, 0, randomBytes(6 * MB));
    expect(refused.status, refused.body).toBe(415);
    expect(await stagedRow(id)).toBeUndefined();
    expect(await stagedObjects(id)).toEqual([]);
    // A small image's bytes in a 30 MB "video": over the image limit, refused at the first bytes.
    const big = await tusCreate(a, token, 30 * MB, { filename: 'photo.mp4' });
    const tooLarge = await tusPatch(a, token, big.headers.location!, 0, mediaFile('png', 64 * 1024));
    expect(tooLarge.status).toBe(413);
    expect(await stagedRow(tusIdOf(big.headers.location!))).toBeUndefined();
  }, 60_000);

  it('purges an abandoned upload: the multipart upload aborted, its staged objects deleted', async () => {
    const bytes = Buffer.concat([await generatedMedia('mp4'), randomBytes(6 * MB)]);
    const created = await tusCreate(a, token, bytes.length, { filename: 'abandoned.mp4' });
    const location = created.headers.location!;
    const id = tusIdOf(location);
    expect((await tusPatch(a, token, location, 0, bytes.subarray(0, 5 * MB + 10))).status).toBe(204);
    const row = (await stagedRow(id))!;
    expect(row.parts).toBe(1);
    expect(await stagedObjects(id)).toHaveLength(1);

    // Not yet expired: the purge leaves it alone.
    expect(await other.services.material.staging.purgeExpired()).toBe(0);
    await t.query(sql`update footage_tus_uploads set expires_at = now() - interval '1 minute' where id = ${id}`);
    expect(await other.services.material.staging.purgeExpired()).toBe(1);

    expect(await stagedRow(id)).toBeUndefined();
    expect(await stagedObjects(id)).toEqual([]);
    expect(await errorName(s3.send(new ListPartsCommand({ Bucket: BUCKET, Key: `tus/${id}/file`, UploadId: row.multipart_id })))).toBe('NoSuchUpload');
    expect((await tusHead(a, token, location)).status).toBe(404);
    expect((await tusPatch(b, token, location, 5 * MB + 10, bytes.subarray(5 * MB + 10))).status).toBe(404);
  }, 60_000);
});

function callOn(app: FastifyInstance): TestApp['call'] {
  return async (url, body = {}, options = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      payload: JSON.stringify(body),
    });
    return { ...(response.json() as Envelope<never>), status: response.statusCode };
  };
}

/** A PATCH whose body the test writes bit by bit. */
async function openPatch(t: TestApp, token: string, location: string, offset: number, length: number): Promise<http.ClientRequest> {
  const address = new URL(await listenOnce(t));
  const request = http.request({
    host: address.hostname,
    port: address.port,
    path: location,
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${token}`,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
  });
  request.on('error', () => {});
  return request;
}

function write(request: http.ClientRequest, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => request.write(bytes, () => resolve()));
}

function answerOf(request: http.ClientRequest): Promise<TusAnswer> {
  return new Promise((resolve, reject) => {
    request.once('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, body }));
    });
    request.once('error', reject);
  });
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
