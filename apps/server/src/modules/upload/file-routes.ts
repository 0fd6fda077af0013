import type { FastifyInstance } from 'fastify';
import { LOCAL_FILES_PATH, LocalFileStorage, contentDisposition, isValidKey, type ByteRange } from '../../adapters/storage/index.js';
import { forbidden, notFound } from '../../errors.js';

/**
 * Serves local storage's signed URLs: `GET /files/<key>?expires=…&signature=…`. S3 answers its
 * own presigned URLs, so this exists only with local storage. The signature is checked before
 * anything is looked up, so a bad link learns nothing about which files exist.
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const storage = app.services.uploads.storage;
  if (!(storage instanceof LocalFileStorage)) return;

  // HEAD by hand: Fastify's automatic one would read the whole file only to throw it away.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${LOCAL_FILES_PATH}*`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const query = request.query as Record<string, unknown>;
      const expires = typeof query.expires === 'string' ? query.expires : undefined;
      const signature = typeof query.signature === 'string' ? query.signature : undefined;
      // A download name was signed with the key: a link cannot be given another name.
      const download = typeof query.download === 'string' ? query.download : undefined;
      if (!isValidKey(key) || !(await storage.verify(key, expires, signature, download))) throw forbidden('file.link_invalid');

      const object = await storage.stat(key);
      if (!object) throw notFound();
      const range = parseRange(request.headers.range, object.size);
      const secondsLeft = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      reply
        .header('content-type', object.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${secondsLeft}`)
        // The signature is the permission, so the page that embeds the file may be on another origin (a dev server).
        .header('cross-origin-resource-policy', 'cross-origin');
      if (download !== undefined) reply.header('content-disposition', contentDisposition(download));
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${object.size}`).send();
      }
      const length = range ? range.end - range.start + 1 : object.size;
      reply.header('content-length', String(length));
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      if (request.method === 'HEAD') return reply.send();
      const { body } = await storage.get(key, range ?? undefined);
      return reply.send(body);
    },
  });
}

/**
 * One `bytes=` range (RFC 9110 §14.1.2): `a-b`, `a-`, or the last `-n` bytes. Several ranges,
 * or a header we cannot read, are answered with the whole file, which the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
