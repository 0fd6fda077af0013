import {
  CODES,
  apiLanguageOf,
  findUnpairedSurrogate,
  formatMessage,
  isMessageKey,
  type ApiLanguage,
  type Code,
  type Envelope,
  type MessageKey,
} from '@nearcast/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, invalid, unavailable, type FieldProblem } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language for messages, from Accept-Language (design.md). */
    readonly lang: ApiLanguage;
    /** The JSON body as received, for signatures computed over the exact bytes (Stripe webhooks). */
    rawBody: string | undefined;
  }
}

export function sendEnvelope<T>(reply: FastifyReply, code: Code, msg: string, data: T): FastifyReply {
  const body: Envelope<T> = { code, msg, data };
  // No API answer may be kept by a browser or proxy: some carry the bearer token or personal
  // data, and an error replayed from a cache would be wrong a moment later.
  return reply.status(Number(code)).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

/** Turns schema issues into the `fields` of a '400' answer, first problem per field. */
export function fromZodError(error: z.ZodError): AppError {
  const fields: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const problem = describeIssue(issue);
    const field = problem.field ?? (issue.path.map(String).join('.') || '_');
    fields[field] ??= problem;
  }
  return invalid(fields);
}

function describeIssue(issue: z.core.$ZodIssue): FieldProblem & { field?: string } {
  if (isMessageKey(issue.message)) return { key: issue.message, params: limits(issue) };
  switch (issue.code) {
    case 'unrecognized_keys': {
      const field = issue.keys[0] ?? '_';
      return { key: 'validation.unknown_field', params: { field }, field: [...issue.path.map(String), field].join('.') };
    }
    case 'invalid_type':
      if (issue.input === undefined) return { key: 'validation.required' };
      return { key: typeKey(issue.expected) };
    case 'too_small':
      return { key: issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small', params: limits(issue) };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big', params: limits(issue) };
    case 'invalid_value':
      return { key: 'validation.invalid_option' };
    default:
      return { key: 'validation.invalid' };
  }
}

function typeKey(expected: string): MessageKey {
  if (expected === 'string') return 'validation.expected_string';
  if (expected === 'number' || expected === 'int') return 'validation.expected_number';
  if (expected === 'boolean') return 'validation.expected_boolean';
  return 'validation.invalid';
}

function limits(issue: z.core.$ZodIssue): Record<string, number> {
  const params: Record<string, number> = {};
  if ('minimum' in issue && issue.minimum !== undefined) params.min = Number(issue.minimum);
  if ('maximum' in issue && issue.maximum !== undefined) params.max = Number(issue.maximum);
  return params;
}

/** Fastify's own errors (parsing, limits, media types) mapped onto the envelope's codes. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(CODES.tooLarge, 'error.too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(CODES.unsupportedMedia, 'error.unsupported_media');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(CODES.invalid, 'error.malformed_json', {}, {});
    default:
      if (error.statusCode === 429) {
        const ttl = (error as FastifyError & { ttl?: number }).ttl ?? 60_000;
        return new AppError(CODES.tooMany, 'error.too_many', { seconds: Math.max(1, Math.ceil(ttl / 1000)) });
      }
      if (error.statusCode === 413) return new AppError(CODES.tooLarge, 'error.too_large');
      if (error.statusCode === 415) return new AppError(CODES.unsupportedMedia, 'error.unsupported_media');
      if (error.statusCode === 400) return new AppError(CODES.invalid, 'validation.invalid', {}, {});
      return null;
  }
}

export function renderAppError(lang: ApiLanguage, error: AppError): Envelope<unknown> {
  const msg = formatMessage(lang, error.key, error.params);
  let data: unknown = null;
  if (error.fields) {
    data = {
      fields: Object.fromEntries(
        Object.entries(error.fields).map(([field, problem]) => [field, formatMessage(lang, problem.key, problem.params)]),
      ),
    };
  }
  return { code: error.code, msg, data };
}

/**
 * The one error handler: every failure leaves as `{ code, msg, data }` with the HTTP status
 * mirroring `code`; internals stay in the log, never in `msg`.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  // Read from the header when asked: most answers carry no message to translate, and a hook
  // on every request cost more than the few reads.
  app.decorateRequest('lang', {
    getter(this: FastifyRequest): ApiLanguage {
      return apiLanguageOf(this.headers['accept-language']);
    },
  });
  app.decorateRequest('rawBody', undefined);

  // Our own JSON parser: an empty body is `{}` (spec: /detail takes an empty body), and a
  // malformed one is a '400' in the caller's language rather than Fastify's English.
  // The API speaks JSON only (uploads add multipart where they need it).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new AppError(CODES.invalid, 'error.malformed_json', {}, {}), undefined);
    }
    // Only an escape can carry half a surrogate pair (decoded UTF-8 cannot), so the walk runs
    // only when the text has one. Refused here, before any schema: in a key, in a field no
    // schema declares, or on a route outside the contract it would otherwise reach the
    // database, which answers a '500' for it (jsonb) or stores U+FFFD instead (text).
    if (/\\u[dD][89a-fA-F]/.test(text)) {
      const field = findUnpairedSurrogate(parsed);
      if (field !== null) return done(invalid({ [field]: 'validation.unpaired_surrogate' }), undefined);
    }
    done(null, parsed);
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) appError = error;
    else if (error instanceof z.ZodError) appError = fromZodError(error);
    else if (error && typeof error === 'object' && 'code' in error) appError = fromFastifyError(error as FastifyError);

    if (!appError && isDatabaseUnavailable(error)) {
      // An outage, not a bug (/readyz answers 503 for the same reason): the caller may ask
      // again shortly and keeps its session; a '500' would say the request itself was at fault.
      request.log.warn({ err: error }, 'database unavailable');
      appError = unavailable();
    }
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError(CODES.internal, 'error.internal');
    }
    const envelope = renderAppError(request.lang, appError);
    if (appError.code === CODES.tooMany || appError.code === CODES.unavailable) {
      reply.header('retry-after', String(appError.params.seconds ?? 60));
    }
    return sendEnvelope(reply, envelope.code, envelope.msg, envelope.data);
  });
});

export function notFoundEnvelope(request: FastifyRequest, reply: FastifyReply, key: MessageKey): FastifyReply {
  return sendEnvelope(reply, CODES.notFound, formatMessage(request.lang, key), null);
}
