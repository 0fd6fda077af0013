import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  StorageNotFoundError,
  type ByteRange,
  type FileStorage,
  type PutOptions,
  type ReadResult,
  type SignedUrl,
  type SignedUrlOptions,
  type StoredObject,
} from './file-storage.js';
import type { UrlSigner } from './url-signer.js';

/** The path under which the app answers signed local-file URLs (modules/upload/file-routes.ts). */
export const LOCAL_FILES_PATH = '/files/';

interface Meta {
  contentType: string;
}

/**
 * Files on local disk under one root (DATA_DIR/uploads). An object is written to a hidden
 * temporary file first and renamed into place when complete, so a reader never sees half a
 * file and a failed put leaves nothing behind. Its content type is kept in a small sidecar
 * file under `.meta/`, since the file system has nowhere else to keep it.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(
    readonly root: string,
    private readonly signer: UrlSigner,
    private readonly publicUrl: string,
  ) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  private metaOf(key: string): string {
    return path.join(this.root, '.meta', `${key}.json`);
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    const target = this.pathOf(key);
    const temporary = path.join(this.root, '.tmp', randomUUID());
    await fs.mkdir(path.dirname(temporary), { recursive: true });
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      const { size } = await fs.stat(temporary);
      await fs.mkdir(path.dirname(this.metaOf(key)), { recursive: true });
      await fs.writeFile(this.metaOf(key), JSON.stringify({ contentType: options.contentType } satisfies Meta));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temporary, target);
      return { key, size, contentType: options.contentType };
    } catch (error) {
      await fs.rm(temporary, { force: true });
      await fs.rm(this.metaOf(key), { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const [stats, meta] = await Promise.all([fs.stat(file), this.readMeta(key)]);
      if (!stats.isFile()) return null;
      return { key, size: stats.size, contentType: meta.contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ReadResult> {
    const object = await this.stat(key);
    if (!object) throw new StorageNotFoundError(key);
    const body = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return range ? { ...object, body, range } : { ...object, body };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
    await fs.rm(this.metaOf(key), { force: true });
  }

  async signedUrl(key: string, expiresInSeconds: number, options: SignedUrlOptions = {}): Promise<SignedUrl> {
    assertValidKey(key);
    const expiresUnix = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const signature = await this.signer.sign(key, expiresUnix, options.downloadName);
    const url = new URL(`${LOCAL_FILES_PATH}${key}`, this.publicUrl);
    url.searchParams.set('expires', String(expiresUnix));
    if (options.downloadName !== undefined) url.searchParams.set('download', options.downloadName);
    url.searchParams.set('signature', signature);
    return { url: url.toString(), expiresAt: new Date(expiresUnix * 1000) };
  }

  /**
   * Checks a signed URL's parameters for `key` (the route that serves local files asks); a
   * `download` name is part of the signature, so the route may send it as the file's name.
   */
  verify(key: string, expires: string | undefined, signature: string | undefined, downloadName?: string): Promise<boolean> {
    return this.signer.verify(key, expires, signature, new Date(), downloadName);
  }

  private async readMeta(key: string): Promise<Meta> {
    try {
      return JSON.parse(await fs.readFile(this.metaOf(key), 'utf8')) as Meta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { contentType: 'application/octet-stream' };
      throw error;
    }
  }
}
