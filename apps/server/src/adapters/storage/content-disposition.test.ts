import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { contentDisposition, createFileStorage, type LocalFileStorage, type S3FileStorage } from './index.js';

/**
 * A signed URL may name the file it downloads as: S3 answers the presigned GET with that
 * Content-Disposition, and local storage signs the name with the key so the file route can send
 * it (the route itself is tested with a render's download in modules/material/studio-made.test.ts).
 */
let fake: FakeS3;
let s3: S3FileStorage;
let local: LocalFileStorage;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeS3();
  await fake.createBucket('nearcast-disposition');
  s3 = createFileStorage({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://localhost:3000', FILE_URL_SECRET: undefined, ...fake.config('nearcast-disposition') }) as S3FileStorage;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-disposition-'));
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

describe('download names on signed URLs', () => {
  it('writes an attachment with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('tacos-el-rey-2026-03-02-en-2.mp4')).toBe(
      `attachment; filename="tacos-el-rey-2026-03-02-en-2.mp4"; filename*=UTF-8''tacos-el-rey-2026-03-02-en-2.mp4`,
    );
    expect(contentDisposition('老王面馆-2026-03-02-zh-1.mp4')).toBe(
      `attachment; filename="____-2026-03-02-zh-1.mp4"; filename*=UTF-8''%E8%80%81%E7%8E%8B%E9%9D%A2%E9%A6%86-2026-03-02-zh-1.mp4`,
    );
  });

  it('S3: the presigned GET answers with the Content-Disposition of the name, and without a name with none', async () => {
    await s3.put('2026/12/render.mp4', Readable.from([Buffer.from('mp4 bytes')]), { contentType: 'video/mp4' });
    const named = await s3.signedUrl('2026/12/render.mp4', 300, { downloadName: 'tacos-el-rey-2026-03-02-en-2.mp4' });
    const response = await fetch(named.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(contentDisposition('tacos-el-rey-2026-03-02-en-2.mp4'));
    expect(await response.text()).toBe('mp4 bytes');
    const plain = await fetch((await s3.signedUrl('2026/12/render.mp4', 300)).url);
    expect(plain.headers.get('content-disposition')).toBeNull();
    await s3.delete('2026/12/render.mp4');
  });

  it('local: the name is signed with the key, so a link cannot be renamed', async () => {
    const signed = new URL((await local.signedUrl('2026/12/render.mp4', 60, { downloadName: 'shop-2026-03-02-en-1.mp4' })).url);
    const expires = signed.searchParams.get('expires')!;
    const signature = signed.searchParams.get('signature')!;
    expect(signed.searchParams.get('download')).toBe('shop-2026-03-02-en-1.mp4');
    expect(await local.verify('2026/12/render.mp4', expires, signature, 'shop-2026-03-02-en-1.mp4')).toBe(true);
    expect(await local.verify('2026/12/render.mp4', expires, signature, 'other-name.mp4')).toBe(false);
    expect(await local.verify('2026/12/render.mp4', expires, signature)).toBe(false);
    // A link without a name still verifies as before.
    const plain = new URL((await local.signedUrl('2026/12/render.mp4', 60)).url);
    expect(plain.searchParams.has('download')).toBe(false);
    expect(await local.verify('2026/12/render.mp4', plain.searchParams.get('expires')!, plain.searchParams.get('signature')!)).toBe(true);
  });
});
