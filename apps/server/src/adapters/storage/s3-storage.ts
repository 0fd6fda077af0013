import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { Readable, Transform } from 'node:stream';
import { once } from '../../lib/once.js';
import {
  assertValidKey,
  contentDisposition,
  StorageError,
  StorageNotFoundError,
  type ByteRange,
  type FileStorage,
  type PutOptions,
  type ReadResult,
  type SignedUrl,
  type SignedUrlOptions,
  type StoredObject,
} from './file-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
}

/**
 * The AWS SDK, loaded with the first S3 call: it is the largest import of the server, and a
 * process on local storage never needs it.
 */
export const s3Sdk = once(async () => {
  const [client, storage, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage'), import('@aws-sdk/s3-request-presigner')]);
  return { ...client, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl };
});

/** S3's smallest multipart part; each part in flight is one buffer of this size. */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts uploaded at once: memory per upload stays near PART_SIZE × (QUEUE_SIZE + 1). */
const QUEUE_SIZE = 2;
/** S3 refuses presigned URLs valid for longer than seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * S3-compatible object storage. Puts go through lib-storage's multipart upload, which reads
 * the stream part by part (a failed upload is aborted, so no parts are left billed); reads
 * are GETs with an optional Range; private objects are read through presigned GET URLs.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  /** The SDK's client, made with the first call (s3Sdk says why). */
  readonly client: () => Promise<S3Client>;
  private made: S3Client | null = null;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    };
    this.client = once(async () => (this.made = new (await s3Sdk()).S3Client(config)));
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    assertValidKey(key);
    const [{ Upload }, client] = await Promise.all([s3Sdk(), this.client()]);
    let size = 0;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      }),
    );
    // pipe() does not pass errors on: a source that fails (too large, client gone) must fail the upload.
    body.once('error', (error) => counted.destroy(error));
    const upload = new Upload({
      client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: counted,
        ContentType: options.contentType,
        ...(options.contentLength !== undefined ? { ContentLength: options.contentLength } : {}),
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      counted.destroy();
      throw this.mapError(error, 'put', key);
    }
    return { key, size, contentType: options.contentType };
  }

  async get(key: string, range?: ByteRange): Promise<ReadResult> {
    assertValidKey(key);
    const [{ GetObjectCommand }, client] = await Promise.all([s3Sdk(), this.client()]);
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new StorageError(`S3 get ${key}: the answer has no readable body`);
      const size = range ? totalFromContentRange(answer.ContentRange) ?? range.end + 1 : (answer.ContentLength ?? 0);
      const object = { key, size, contentType: answer.ContentType ?? 'application/octet-stream', body };
      return range ? { ...object, range } : object;
    } catch (error) {
      throw this.mapError(error, 'get', key);
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    const [{ HeadObjectCommand }, client] = await Promise.all([s3Sdk(), this.client()]);
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      const mapped = this.mapError(error, 'stat', key);
      if (mapped instanceof StorageNotFoundError) return null;
      throw mapped;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const [{ DeleteObjectCommand }, client] = await Promise.all([s3Sdk(), this.client()]);
    try {
      await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      const mapped = this.mapError(error, 'delete', key);
      if (!(mapped instanceof StorageNotFoundError)) throw mapped;
    }
  }

  async signedUrl(key: string, expiresInSeconds: number, options: SignedUrlOptions = {}): Promise<SignedUrl> {
    assertValidKey(key);
    const expiresIn = Math.min(expiresInSeconds, MAX_PRESIGN_SECONDS);
    const [{ getSignedUrl, GetObjectCommand }, client] = await Promise.all([s3Sdk(), this.client()]);
    // The bucket answers with this Content-Disposition (a signed response-content-disposition parameter).
    const disposition = options.downloadName === undefined ? {} : { ResponseContentDisposition: contentDisposition(options.downloadName) };
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: this.bucket, Key: key, ...disposition }), { expiresIn });
    return { url, expiresAt: new Date(Date.now() + expiresIn * 1000) };
  }

  close(): void {
    this.made?.destroy();
  }

  /** S3's error names turned into ours, with words that say what is wrong. */
  private mapError(error: unknown, operation: string, key: string): Error {
    if (error instanceof StorageError || error instanceof StorageNotFoundError) return error;
    const name = error instanceof Error ? error.name : '';
    // The SDK's service errors carry the HTTP answer's metadata.
    const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
    if (name === 'NoSuchBucket') {
      return new StorageError(`S3 ${operation} ${key}: the bucket "${this.bucket}" does not exist`, { cause: error });
    }
    if (name === 'NoSuchKey' || name === 'NotFound' || (status === 404 && operation !== 'put')) return new StorageNotFoundError(key);
    const detail = error instanceof Error ? `${name}: ${error.message}` : String(error);
    return new StorageError(`S3 ${operation} ${key} in bucket "${this.bucket}" failed: ${detail}`, { cause: error });
  }
}

function totalFromContentRange(header: string | undefined): number | undefined {
  const total = header ? /\/(\d+)$/.exec(header)?.[1] : undefined;
  return total === undefined ? undefined : Number(total);
}
