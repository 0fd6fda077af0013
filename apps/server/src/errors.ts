import { CODES, type Code, type MessageKey } from '@nearcast/contract';

type Params = Record<string, string | number>;
export interface FieldProblem {
  key: MessageKey;
  params?: Params;
}

/**
 * The one error type services throw. It carries a message key, not words: the envelope
 * handler renders it in the caller's language.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: Code,
    readonly key: MessageKey,
    readonly params: Params = {},
    readonly fields: Record<string, FieldProblem> | undefined = undefined,
  ) {
    super(key);
    this.name = 'AppError';
    this.statusCode = Number(code);
  }
}

export const invalid = (fields: Record<string, MessageKey | FieldProblem>, key?: MessageKey): AppError => {
  const normalized = Object.fromEntries(
    Object.entries(fields).map(([field, problem]) => [field, typeof problem === 'string' ? { key: problem } : problem]),
  );
  const first = Object.values(normalized)[0];
  return new AppError(CODES.invalid, key ?? first?.key ?? 'validation.invalid', first?.params ?? {}, normalized);
};
export const unauthenticated = (key: MessageKey = 'error.unauthenticated') => new AppError(CODES.forbidden, key);
export const forbidden = (key: MessageKey = 'error.forbidden') => new AppError(CODES.forbidden, key);
/** A client or studio without an active plan, on an endpoint that needs one (docs/decisions/053). */
export const planRequired = () => new AppError(CODES.paymentRequired, 'error.plan_required');
export const notFound = (key: MessageKey = 'error.not_found') => new AppError(CODES.notFound, key);
export const conflict = (key: MessageKey, params?: Params) => new AppError(CODES.conflict, key, params);
export const rejected = (key: MessageKey, params?: Params) => new AppError(CODES.rejected, key, params);
export const tooMany = (key: MessageKey = 'error.too_many', params?: Params) => new AppError(CODES.tooMany, key, params);

/**
 * How long a caller waits before asking again while the database is out: a restart or a
 * failover takes seconds, and a sooner retry from every open page would only add to the load.
 */
export const UNAVAILABLE_RETRY_SECONDS = 5;
export const unavailable = () => new AppError(CODES.unavailable, 'service.unavailable', { seconds: UNAVAILABLE_RETRY_SECONDS });
