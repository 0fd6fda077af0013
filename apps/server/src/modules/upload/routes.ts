import multipart from '@fastify/multipart';
import { UPLOAD_PURPOSES, api, uploadMaxBytes } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { multipartRoute } from '../../plugins/route.js';

/** The largest upload any purpose allows; each purpose's own limit is the service's to apply. */
const LARGEST_UPLOAD = Math.max(...UPLOAD_PURPOSES.map(uploadMaxBytes));

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { uploads, config } = app.services;
  app.addHook('onClose', async () => uploads.storage.close?.());
  // Registered here, not app-wide: only these routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: LARGEST_UPLOAD + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });
  // Every signed-in role uploads: clients their material, studios and staff what they publish.
  multipartRoute(
    app,
    api.base.ossTemp,
    (caller, { fields, file, request }) =>
      uploads.acceptTemp(caller, fields.purpose, { stream: file.stream, contentLength: contentLength(request.headers['content-length']) }),
    { rateLimit: { max: config.RATE_LIMIT_UPLOAD_PER_MINUTE, timeWindow: 60_000 } },
  );
}

function contentLength(header: string | undefined): number | undefined {
  return header && /^\d+$/.test(header) ? Number(header) : undefined;
}
