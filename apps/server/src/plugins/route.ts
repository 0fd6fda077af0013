import { CODES, type Endpoint, type ParsedRequestOf, type ResponseOf, type Role } from '@nearcast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromZodError, sendEnvelope } from './envelope.js';
import { idempotent } from './idempotency.js';
import { forbidden, unauthenticated } from '../errors.js';
import type { Caller } from '../access/caller.js';

/** Who may call an endpoint: anyone, any signed-in role, or the listed roles. */
export type Access = 'public' | '*' | readonly Role[];

export interface RateLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
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
 * Registers one endpoint of the contract: `POST /api<path>`, its roles in one place, its body
 * validated by the contract's request schema and its answer by the response schema.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  access: 'public',
  handler: Handler<E, Caller | null>,
  options?: RouteOptions,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  access: '*' | readonly Role[],
  handler: Handler<E, Caller>,
  options?: RouteOptions,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  access: Access,
  handler: Handler<E, Caller | null> | Handler<E, Caller>,
  options: RouteOptions = {},
): void {
  app.route({
    method: 'POST',
    url: `/api${endpoint.path}`,
    config: options.rateLimit ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindow } } : {},
    handler: async (request, reply) => {
      const token = bearerToken(request);
      const resolved = token ? await app.services.sessions.authenticate(token) : null;
      const caller = resolved === 'disabled' ? null : resolved;
      if (access !== 'public') {
        if (resolved === 'disabled') throw unauthenticated('error.account_disabled');
        if (!caller) throw unauthenticated();
        if (access !== '*' && !access.includes(caller.role)) throw forbidden();
      }
      request.caller = caller;

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
      const data = options.idempotent
        ? await idempotent(app.services.database.db, { request, reply, caller, endpoint: endpoint.path, body: parsed.data }, run)
        : await run();
      return sendEnvelope(reply, CODES.ok, 'success', data);
    },
  });
}
