import type { IncomingMessage } from 'node:http';
import { CODES, FOOTAGE_TUS_PATH, UPLOAD_PURPOSES, UPLOAD_RULES, allows, api, uploadMaxBytes, type ApiLanguage, type UploadPurpose } from '@nearcast/contract';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller.js';
import { assertPlan } from '../../access/plan.js';
import { AppError, forbidden, invalid, unauthenticated } from '../../errors.js';
import { renderAppError } from '../../plugins/envelope.js';
import { route } from '../../plugins/route.js';
import { newTusId, tusIdOwnedBy } from './tus-staging.js';

const LARGEST_UPLOAD = Math.max(...UPLOAD_PURPOSES.map(uploadMaxBytes));

export async function footageRoutes(app: FastifyInstance): Promise<void> {
  const { material } = app.services;

  route(app, api.footage.add, (caller, { body, request }) => material.add(caller, body, request.lang), { idempotent: true });
  route(app, api.footage.list, (caller, { body, request }) => material.list(caller, body, request.lang));
  route(app, api.footage.count, (caller, { body }) => material.count(caller, body.merchant_id));
  route(app, api.footage.get, (caller, { body, request }) => material.get(caller, body.id, request.lang));
  route(app, api.footage.update, (caller, { body, request }) => material.update(caller, body, request.lang));
  route(app, api.footage.activate, (caller, { body, request }) => material.setActive(caller, body.id, true, request.lang));
  route(app, api.footage.deactivate, (caller, { body, request }) => material.setActive(caller, body.id, false, request.lang));
  route(app, api.footage.delete, async (caller, { body }) => {
    await material.delete(caller, body.id);
    return null;
  });
  route(app, api.footage.mark, (caller, { body, request }) => material.mark(caller, body, request.lang));
  route(app, api.footage.storage, (caller, { body }) => material.storageOf(caller, body.merchant_id));

  await tusRoutes(app);
}

interface TusContext {
  caller: Caller;
  lang: ApiLanguage;
}

/**
 * The resumable upload endpoint (tus 1.0.0, `@tus/server`) under the API base, for merchants.
 * Each request is authenticated like any API call before tus sees it; an upload's id starts
 * with its owner's id, so HEAD, PATCH and DELETE on someone else's upload answer 404. Refusals
 * carry the usual envelope (in the caller's language) as their body.
 */
async function tusRoutes(app: FastifyInstance): Promise<void> {
  const { material } = app.services;
  const contexts = new WeakMap<IncomingMessage, TusContext>();
  const contextOf = (req: unknown): TusContext => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const context = raw ? contexts.get(raw) : undefined;
    if (!context) throw forbidden();
    return context;
  };
  const refusal = (error: AppError, lang: ApiLanguage) => ({ status_code: error.statusCode, body: JSON.stringify(renderAppError(lang, error)) });

  const options: ConstructorParameters<typeof Server>[0] = {
    path: `/api${FOOTAGE_TUS_PATH}`,
    datastore: material.staging.store,
    relativeLocation: true,
    // tus would answer any origin ('*'); the API serves its own pages only, like every other route.
    allowedOrigins: (origin) => origin === new URL(app.services.config.PUBLIC_URL).origin,
    namingFunction: (req) => newTusId(contextOf(req).caller.id),
    onIncomingRequest: async (req, uploadId) => {
      if (!tusIdOwnedBy(uploadId, contextOf(req).caller.id)) throw { status_code: 404, body: 'Not found\n' };
    },
    onUploadCreate: async (req, upload) => {
      const { caller } = contextOf(req);
      if (upload.size === undefined) throw invalid({ upload_length: 'footage.length_required' });
      const declared = upload.metadata?.type;
      const purpose: UploadPurpose | undefined = UPLOAD_PURPOSES.find((p) => p === declared);
      // A declared type is held to its own limit at once; the bytes decide in the end.
      const limit = purpose ? uploadMaxBytes(purpose) : LARGEST_UPLOAD;
      if (upload.size > limit) {
        const shown = purpose ?? 'video';
        throw new AppError(CODES.tooLarge, `upload.${shown}_too_large`, { limit: UPLOAD_RULES[shown].maxMb });
      }
      await material.assertRoom(caller.id, upload.size);
      return {};
    },
    onResponseError: (req, error) => {
      if (!(error instanceof AppError)) return undefined;
      let lang: ApiLanguage = 'en';
      try {
        lang = contextOf(req).lang;
      } catch {
        // No context: the refusal is rendered in the default language.
      }
      return refusal(error, lang);
    },
  };
  const tus = new Server(options);

  // tus bodies stream straight to the store: no parser may read them first.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS') {
      const caller = await authenticate(app, request);
      contexts.set(request.raw, { caller, lang: request.lang });
    }
    // From here tus writes the response itself.
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  app.route({ method: [...methods], url: `/api${FOOTAGE_TUS_PATH}`, handler });
  app.route({ method: [...methods], url: `/api${FOOTAGE_TUS_PATH}/:id`, handler });
}

/**
 * The same bearer check as every API route; only merchants upload materials, and only with an
 * active plan, like /v1/footage/add (docs/decisions/053): storage is what the plan pays for.
 */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const resolved = match ? await app.services.sessions.authenticate(match[1]!) : null;
  if (resolved === 'disabled') throw unauthenticated('error.account_disabled');
  if (!resolved) throw unauthenticated();
  if (!allows(api.footage.add.access, resolved.role)) throw forbidden();
  assertPlan(resolved);
  return resolved;
}
