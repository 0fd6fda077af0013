import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { S3FileStorage, StorageError, StorageNotFoundError, UrlSigner, createFileStorage, type FileStorage, type LocalFileStorage } from './index.js';

let fake: FakeS3;
let dataDir: string;
let s3: S3FileStorage;
let local: LocalFileStorage;

beforeAll(async () => {
  fake = await startFakeS3();
  await fake.createBucket('nearcast-test');
  s3 = createFileStorage({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://localhost:3000', FILE_URL_SECRET: undefined, ...fake.config('nearcast-test') }) as S3FileStorage;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-storage-'));
  local = createFileStorage({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://nearcast.example',
    FILE_URL_SECRET: undefined,
    S3_BUCKET: undefined,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: undefined,
    S3_ACCESS_KEY_ID: undefined,
    S3_SECRET_ACCESS_KEY: undefined,
    S3_FORCE_PATH_STYLE: false,
  }) as LocalFileStorage;
}, 30_000);
afterAll(async () => {
  s3?.close();
  await fake?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A stream of `size` bytes counting 0..255 over and over, made as it is read. */
function counting(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(256 * 1024, size - sent), 0);
      for (let i = 0; i < chunk.length; i += 1) chunk[i] = (sent + i) % 256;
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each([
  ['local disk', () => local as FileStorage],
  ['S3 (a fake S3 server on loopback)', () => s3 as FileStorage],
])('%s storage', (_name, storage) => {
  it('puts a stream, stats it, reads it whole and by range, and deletes it', async () => {
    const size = 12 * 1024 * 1024 + 17; // more than two multipart parts on S3
    const stored = await storage().put('2026/11/movie.mp4', counting(size), { contentType: 'video/mp4' });
    expect(stored).toEqual({ key: '2026/11/movie.mp4', size, contentType: 'video/mp4' });
    expect(await storage().stat('2026/11/movie.mp4')).toEqual(stored);

    const whole = await storage().get('2026/11/movie.mp4');
    expect(whole).toMatchObject({ size, contentType: 'video/mp4' });
    const bytes = await bytesOf(whole.body);
    expect(bytes.length).toBe(size);
    expect(bytes.equals(await bytesOf(counting(size)))).toBe(true);

    const part = await storage().get('2026/11/movie.mp4', { start: 1000, end: 1009 });
    expect(part).toMatchObject({ size, range: { start: 1000, end: 1009 } });
    expect([...(await bytesOf(part.body))]).toEqual([232, 233, 234, 235, 236, 237, 238, 239, 240, 241]);

    await storage().delete('2026/11/movie.mp4');
    expect(await storage().stat('2026/11/movie.mp4')).toBeNull();
    // Deleting again is fine: the purge job may run twice.
    await storage().delete('2026/11/movie.mp4');
  });

  it('names a missing object clearly', async () => {
    await expect(storage().get('2026/11/missing.png')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage().stat('2026/11/missing.png')).toBeNull();
  });

  it('keeps nothing when the source stream fails half way', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 7 * 1024 * 1024) return void this.destroy(new Error('client went away'));
        sent += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024, 1));
      },
    });
    await expect(storage().put('2026/11/broken.mp4', failing, { contentType: 'video/mp4' })).rejects.toThrow();
    expect(await storage().stat('2026/11/broken.mp4')).toBeNull();
  });

  it('refuses keys that could leave its root', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', '.url-secret', 'a/.meta/x', 'A.png', '']) {
      await expect(storage().put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' })).rejects.toBeInstanceOf(StorageError);
    }
  });
});

describe('S3 specifics', () => {
  it('leaves no object behind after the puts that failed above', async () => {
    const objects = await (await s3.client()).send(new ListObjectsV2Command({ Bucket: 'nearcast-test' }));
    expect(objects.KeyCount ?? 0).toBe(0);
  });

  // s3rver checks a presigned URL's key id and expiry but not its SigV4 signature, so
  // tampering is AWS's to refuse; what is ours is that the URL works and then expires.
  it('hands out presigned GET URLs that work until they expire', async () => {
    await s3.put('2026/11/photo.png', Readable.from([Buffer.from('png bytes')]), { contentType: 'image/png' });
    const signed = await s3.signedUrl('2026/11/photo.png', 300);
    expect(signed.expiresAt.getTime() - Date.now()).toBeGreaterThan(290_000);
    const response = await fetch(signed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe('png bytes');

    const brief = await s3.signedUrl('2026/11/photo.png', 1);
    expect((await fetch(brief.url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(brief.url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    await s3.delete('2026/11/photo.png');
  });

  it('says which bucket is missing when it is', async () => {
    const lost = new S3FileStorage({ ...s3Options(), bucket: 'no-such-bucket' });
    try {
      await expect(lost.put('2026/11/a.png', Readable.from([Buffer.from('x')]), { contentType: 'image/png' })).rejects.toThrow(
        'the bucket "no-such-bucket" does not exist',
      );
      await expect(lost.get('2026/11/a.png')).rejects.toThrow('the bucket "no-such-bucket" does not exist');
      await expect(lost.delete('2026/11/a.png')).rejects.toBeInstanceOf(StorageError);
    } finally {
      lost.close();
    }
  });

  it('says what failed when the credentials are wrong', async () => {
    const stranger = new S3FileStorage({ ...s3Options(), accessKeyId: 'NOT-A-KEY' });
    try {
      await expect(stranger.put('2026/11/a.png', Readable.from([Buffer.from('x')]), { contentType: 'image/png' })).rejects.toThrow(
        /S3 put 2026\/11\/a.png in bucket "nearcast-test" failed: InvalidAccessKeyId/,
      );
    } finally {
      stranger.close();
    }
  });
});

describe('local signed URLs', () => {
  it('signs the key and the expiry with the secret, and checks both', async () => {
    const signer = new UrlSigner({ secret: 'x'.repeat(32), file: '/nonexistent/secret' });
    const expires = Math.floor(Date.now() / 1000) + 60;
    const signature = await signer.sign('2026/11/a.png', expires);
    expect(await signer.verify('2026/11/a.png', String(expires), signature)).toBe(true);
    expect(await signer.verify('2026/11/b.png', String(expires), signature)).toBe(false);
    expect(await signer.verify('2026/11/a.png', String(expires + 1), signature)).toBe(false);
    expect(await signer.verify('2026/11/a.png', String(expires), undefined)).toBe(false);
    expect(await signer.verify('2026/11/a.png', String(expires), signature, new Date((expires + 1) * 1000))).toBe(false);
    const other = new UrlSigner({ secret: 'y'.repeat(32), file: '/nonexistent/secret' });
    expect(await other.verify('2026/11/a.png', String(expires), signature)).toBe(false);
  });

  it('builds URLs under PUBLIC_URL that the file route answers', async () => {
    await local.put('2026/11/a.txt', Readable.from([Buffer.from('hello')]), { contentType: 'text/plain' });
    const signed = await local.signedUrl('2026/11/a.txt', 60);
    const url = new URL(signed.url);
    expect(url.origin + url.pathname).toBe('https://nearcast.example/files/2026/11/a.txt');
    expect(await local.verify('2026/11/a.txt', url.searchParams.get('expires')!, url.searchParams.get('signature')!)).toBe(true);
    expect(await text((await local.get('2026/11/a.txt')).body)).toBe('hello');
  });
});

function s3Options() {
  const config = fake.config('nearcast-test');
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
}
