import type { Readable } from 'node:stream';

/** What a storage knows about one stored object. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

/** An inclusive byte range, as HTTP Range requests name it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType: string;
  /** Known length in bytes, when the caller has it; a stream of unknown length is fine too. */
  contentLength?: number;
}

export interface ReadResult extends StoredObject {
  body: Readable;
  /** Present when a range was asked for: the bytes `body` holds. */
  range?: ByteRange;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

export interface SignedUrlOptions {
  /**
   * The URL downloads the object as an attachment under this file name (Content-Disposition),
   * instead of the key's last segment; part of what is signed, so it cannot be changed.
   */
  downloadName?: string;
}

/**
 * `attachment` with the name twice, as RFC 6266 advises: an ASCII fallback for old clients and
 * the exact UTF-8 name (RFC 8187) for the rest.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * Where uploaded files live (design.md "Files"): local disk by default, S3-compatible object
 * storage when configured. Bodies stream in both directions; no implementation holds a whole
 * file in memory.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the stream under `key`; resolves with the bytes written. A failed put leaves nothing. */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** Throws StorageNotFoundError when there is no such object. */
  get(key: string, range?: ByteRange): Promise<ReadResult>;
  /** null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removing an object that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** A URL anyone holding it may read the object through until it expires. */
  signedUrl(key: string, expiresInSeconds: number, options?: SignedUrlOptions): Promise<SignedUrl>;
  /** Releases connections (the S3 client's sockets) when the app closes. */
  close?(): void;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored object under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** A storage call that failed for a reason other than a missing object (say, a missing bucket). */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/**
 * Keys are ours (the upload module makes them), but they become file paths on disk: only
 * lower-case letters, digits, '-', '_', '.' in '/'-separated segments that do not start with
 * a dot, so no key climbs out of the root or names the storage's own hidden files.
 */
const KEY = /^(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*$/;

export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key)) throw new StorageError(`invalid storage key: ${JSON.stringify(key)}`);
}

export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}
