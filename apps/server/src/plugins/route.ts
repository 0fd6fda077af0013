import {
  allows,
  CODES,
  type Access,
  type Endpoint,
  type FieldsOf,
  type MultipartEndpoint,
  type ParsedRequestOf,
  type ResponseOf,
} from '@nearcast/contract';
// For its request decorations (isMultipart, parts) in the types; the plugin itself is registered by the upload routes.
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { fromZodError, sendEnvelope } from './envelope.js';
import { idempotent } from './idempotency.js';
import { limitCaller } from './caller-rate-limit.js';
import { AppError, forbidden, invalid, unauthenticated } from '../errors.js';
import type { CallOrigin, Caller } from '../access/caller.js';
import { assertPlan } from '../access/plan.js';

export interface RateLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
  /**
   * Whose requests are counted together: the address's (the default, for endpoints open before
   * sign-in), or the signed-in account's across all instances (plugins/caller-rate-limit.ts).
   */
  by?: 'ip' | 'caller';
}

/** The @fastify/rate-limit settings of a limit counted per address; none for one counted per caller. */
function ipLimit(limit: RateLimit | undefined): { rateLimit?: { max: number; timeWindow: number } } {
  return limit && limit.by !== 'caller' ? { rateLimit: { max: limit.max, timeWindow: limit.timeWindow } } : {};
}

export interface RouteOptions {
  rateLimit?: RateLimit;
  /**
   * A create: an `Idempotency-Key` header makes retries of it safe (plugins/idempotency.ts).
   * Set it on every endpoint that adds something a double click must not add twice.
   */
  idempotent?: boolean;
}

export interface HandlerContext<E extends Endpoint> {
  body: ParsedRequestOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends Endpoint, C> = (caller: C, context: HandlerContext<E>) => Promise<ResponseOf<E>>;

/** What a handler is handed: a public endpoint's caller may be signed in or not; any other's always is. */
type CallerOf<E extends Endpoint> = E['access'] extends 'public' ? Caller | null : Caller;

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the caller from the bearer token into `request.caller` and enforces the endpoint's
 * `access` as the contract declares it (docs/decisions/091), then plan gating
 * (docs/decisions/053): a client or studio without an active plan gets the '402' answer on every
 * signed-in endpoint its contract does not mark open to unpaid accounts. The role check comes
 * first, so a call the role may never make is refused as such, whatever the plan.
 */
async function authorize(
  app: FastifyInstance,
  request: FastifyRequest,
  endpoint: { access: Access; openToUnpaid: boolean },
): Promise<void> {
  const { access } = endpoint;
  const token = bearerToken(request);
  const resolved = token ? await app.services.sessions.authenticate(token) : null;
  const caller = resolved === 'disabled' ? null : resolved;
  if (access !== 'public') {
    if (resolved === 'disabled') throw unauthenticated('error.account_disabled');
    if (!caller) throw unauthenticated();
    if (!allows(access, caller.role)) throw forbidden();
    if (!endpoint.openToUnpaid) assertPlan(caller);
  }
  request.caller = caller && { ...caller, origin: originOf(request) };
}

/**
 * Where a call comes from, carried by its caller to what records it (the audit log). Handed on
 * explicitly rather than through AsyncLocalStorage: on Node 20 an async context store makes
 * every promise in the process pay a hook, about a tenth of a small request's CPU.
 */
function originOf(request: FastifyRequest): CallOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' && agent ? agent.slice(0, 300) : null };
}

/**
 * Registers one endpoint of the contract: `POST /api<path>`, its body validated by the
 * contract's request schema and its answer by the response schema. Who may call it (`access`)
 * and whether a client or studio needs an active plan for it (`openToUnpaid`) are the
 * contract's to say, so a route never restates them.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E, CallerOf<E>>, options: RouteOptions = {}): void {
  app.route({
    method: 'POST',
    url: `/api${endpoint.path}`,
    config: ipLimit(options.rateLimit),
    handler: async (request, reply) => {
      await authorize(app, request, endpoint);
      const caller = request.caller;
      if (options.rateLimit?.by === 'caller' && caller) await limitCaller(app.services.database.db, caller.id, endpoint.path, options.rateLimit);

      const parsed = endpoint.request.safeParse(request.body ?? {});
      if (!parsed.success) throw fromZodError(parsed.error);

      const run = async () => {
        const result = await (handler as Handler<E, Caller | null>)(caller, {
          body: parsed.data as ParsedRequestOf<E>,
          request,
          reply,
        });
        // A response that breaks its own schema is our bug: it fails loudly as a '500'.
        return endpoint.response.parse(result);
      };
      const data = await (options.idempotent
        ? idempotent(app.services.database.db, { request, reply, caller, endpoint: endpoint.path, body: parsed.data }, run)
        : run());
      return sendEnvelope(reply, CODES.ok, 'success', data);
    },
  });
}

/** The file part of a multipart call, still streaming: nothing of it has been buffered. */
export interface IncomingFile {
  stream: Readable;
  /** What the client says; never trusted for anything but display. */
  filename: string;
  declaredType: string;
}

export interface MultipartContext<E extends MultipartEndpoint> {
  fields: FieldsOf<E>;
  file: IncomingFile;
  request: FastifyRequest;
  reply: FastifyReply;
}

type MultipartHandler<E extends MultipartEndpoint> = (caller: Caller, context: MultipartContext<E>) => Promise<ResponseOf<E>>;

/**
 * Registers a multipart endpoint of the contract, with its contract's roles and plan gating
 * enforced exactly as `route()` does, before a byte of the body is read. The form fields must come
 * before the file: they are validated by the contract's `fields` schema, then the handler gets
 * the file as a stream (one file; later parts are not read). The multipart parser
 * (@fastify/multipart) must be registered in the calling plugin's scope, so only these routes
 * accept multipart bodies.
 */
export function multipartRoute<E extends MultipartEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: MultipartHandler<E>,
  options: { rateLimit?: RateLimit } = {},
): void {
  app.route({
    method: 'POST',
    url: `/api${endpoint.path}`,
    config: ipLimit(options.rateLimit),
    handler: async (request, reply) => {
      await authorize(app, request, endpoint);
      const caller = request.caller!;
      if (options.rateLimit?.by === 'caller') await limitCaller(app.services.database.db, caller.id, endpoint.path, options.rateLimit);
      if (typeof request.isMultipart !== 'function') throw new Error('multipartRoute needs @fastify/multipart in its plugin scope');
      if (!request.isMultipart()) throw new AppError(CODES.unsupportedMedia, 'error.unsupported_media');

      const fields: Record<string, unknown> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== endpoint.fileField) {
          throw invalid({ [part.fieldname]: { key: 'validation.unknown_field', params: { field: part.fieldname } } });
        }
        const parsed = endpoint.fields.safeParse(fields);
        if (!parsed.success) throw fromZodError(parsed.error);
        const result = await handler(caller, {
          fields: parsed.data as FieldsOf<E>,
          file: { stream: part.file, filename: part.filename, declaredType: part.mimetype },
          request,
          reply,
        });
        const data = endpoint.response.parse(result);
        return sendEnvelope(reply, CODES.ok, 'success', data);
      }
      throw invalid({ [endpoint.fileField]: 'validation.required' }, 'upload.file_required');
    },
  });
}
