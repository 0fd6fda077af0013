// S3's multipart upload protocol for the fake S3 server (s3rver), which on its own accepts
// parts of any size, never forgets an upload id and cannot abort or list one. This follows the
// documented protocol (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CompleteMultipartUpload.html)
// including its refusals, so code that passes against the fake holds against S3:
// - UploadPart, ListParts, AbortMultipartUpload and CompleteMultipartUpload on an unknown,
//   completed or aborted upload id: NoSuchUpload (404);
// - a part number outside 1..10000: InvalidArgument;
// - Complete with no parts: MalformedXML; parts not in ascending order: InvalidPartOrder; a part
//   never uploaded or with another ETag: InvalidPart; a part other than the last smaller than
//   5 MiB: EntityTooSmall;
// - a part uploaded again under its number replaces the earlier one; parts left out of the
//   Complete are discarded with the upload.
// It runs inside the fake's child process (plain JavaScript: no TypeScript loader there), as a
// Koa middleware just before s3rver's router; requests it does not answer go on to s3rver.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error');
const authentication = require('s3rver/lib/middleware/authentication');

export const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Installs the protocol into an s3rver instance, before it starts listening. */
export function installMultipartProtocol(server) {
  const uploads = new Map();
  const authenticate = authentication();
  const uploadDir = (bucket, uploadId) => path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);

  async function multipart(ctx, next) {
    const query = ctx.query;
    if (!('uploads' in query) && !('uploadId' in query)) return next();
    const [bucket = '', ...rest] = ctx.path.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    ctx.params = { ...ctx.params, bucket, key };

    if ('uploads' in query) {
      // CreateMultipartUpload: s3rver makes the upload; we remember it.
      if (ctx.method !== 'POST') return next();
      await next();
      const uploadId = ctx.body?.InitiateMultipartUploadResult?.UploadId;
      if (uploadId) uploads.set(uploadId, { bucket, key, parts: new Map() });
      return;
    }

    const uploadId = String(query.uploadId);
    const known = () => {
      const upload = uploads.get(uploadId);
      if (!upload || upload.bucket !== bucket || upload.key !== key) {
        throw new S3Error(
          'NoSuchUpload',
          'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
          { UploadId: uploadId },
        );
      }
      return upload;
    };

    if (ctx.method === 'PUT') {
      const upload = known();
      const number = Number(query.partNumber);
      if (!Number.isInteger(number) || number < 1 || number > 10_000) {
        throw new S3Error('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive', {
          ArgumentName: 'partNumber',
          ArgumentValue: String(query.partNumber),
        });
      }
      // The app uploads every part's bytes itself; a part copied inside the bucket (UploadPartCopy)
      // would bypass the size rules this fake checks, so it is refused rather than stored empty.
      if (ctx.headers['x-amz-copy-source']) throw new S3Error('InvalidRequest', 'This bucket takes parts with their bytes only (no UploadPartCopy)');
      await next();
      // The part's size is its body's, as the request declares it (S3 refuses a body shorter than
      // that): the store below may still be flushing the file when it answers, so its size on
      // disk can lag behind.
      const declared = Number(ctx.get('x-amz-decoded-content-length') || ctx.get('content-length'));
      const size = Number.isInteger(declared) && declared >= 0 ? declared : (await fs.stat(path.join(uploadDir(bucket, uploadId), String(number)))).size;
      upload.parts.set(number, { etag: String(ctx.response.get('ETag')).replace(/"/g, ''), size });
      return;
    }

    return authenticate(ctx, async () => {
      const upload = known();
      if (ctx.method === 'GET') {
        // ListParts
        const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b);
        ctx.body = {
          ListPartsResult: {
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            IsTruncated: false,
            ...(parts.length > 0 ? { Part: parts.map(([number, part]) => ({ PartNumber: number, ETag: `"${part.etag}"`, Size: part.size })) } : {}),
          },
        };
        return;
      }
      if (ctx.method === 'DELETE') {
        // AbortMultipartUpload: the parts go, the id is forgotten.
        uploads.delete(uploadId);
        await fs.rm(uploadDir(bucket, uploadId), { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      if (ctx.method === 'POST') {
        // CompleteMultipartUpload
        const xml = await new Promise((resolve, reject) => {
          let text = '';
          ctx.req.on('data', (chunk) => (text += chunk.toString('utf8')));
          ctx.req.on('end', () => resolve(text));
          ctx.req.on('error', reject);
        });
        const listed = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
          number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part)?.[1]),
          etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(part)?.[1] ?? '').replace(/&quot;|"/g, ''),
        }));
        if (listed.length === 0) {
          throw new S3Error('MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
        }
        // S3 judges the list as a whole first (its order), then each part.
        listed.forEach((part, index) => {
          if (index > 0 && part.number <= listed[index - 1].number) {
            throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
          }
        });
        listed.forEach((part, index) => {
          const stored = upload.parts.get(part.number);
          if (!stored || stored.etag !== part.etag) {
            throw new S3Error(
              'InvalidPart',
              "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
              { UploadId: uploadId, PartNumber: part.number, ETag: part.etag },
            );
          }
          if (index < listed.length - 1 && stored.size < MIN_PART_BYTES) {
            throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
              ProposedSize: stored.size,
              MinSizeAllowed: MIN_PART_BYTES,
              PartNumber: part.number,
            });
          }
        });
        const { md5 } = await server.store.putObjectMultipart(bucket, uploadId, listed);
        uploads.delete(uploadId);
        ctx.body = {
          CompleteMultipartUploadResult: { Location: ctx.href.split('?')[0], Bucket: bucket, Key: key, ETag: `"${md5}-${listed.length}"` },
        };
        return;
      }
      throw new S3Error('MethodNotAllowed', 'The specified method is not allowed against this resource.');
    });
  }

  // Koa composes its middleware when the server starts: the protocol goes just before the router.
  server.middleware.splice(server.middleware.length - 1, 0, multipart);
}
