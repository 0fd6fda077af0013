import {
  apiLanguageOf,
  CODES,
  REQUEST_TIMEOUT_MS,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '@nearcast/contract';
import { i18n, translateMessage } from './i18n';
import { notifyError } from './notify';
import { clearSession, getLanguage, getToken } from './storage';

/** Every call goes under this prefix; the dev server and preview proxy it to the API. */
export const API_BASE = '/api';

export type ApiErrorKind = 'envelope' | 'network' | 'timeout';

/** A rejected call: the envelope's code, msg and data, or a transport failure. */
export class ApiError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly data: unknown;
  readonly kind: ApiErrorKind;
  /** Field → message of a '400' answer (`data.fields`); empty otherwise. */
  readonly fields: Record<string, string>;

  constructor(kind: ApiErrorKind, code: string, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.msg = msg;
    this.data = data;
    this.fields = fieldsOf(data);
  }
}

function fieldsOf(data: unknown): Record<string, string> {
  if (!data || typeof data !== 'object' || !('fields' in data)) return {};
  const fields = (data as { fields: unknown }).fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export interface CallOptions {
  /** Show an error toast when the call fails (default). Forms that show errors inline pass false. */
  toast?: boolean;
  /**
   * What a '403' does: by default the session is dropped and the browser goes to /signin
   * (spec §6); the route guard passes 'reject' because it makes that decision itself.
   */
  forbidden?: 'signin' | 'reject';
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header of a create the server marks idempotent: a retry with
   * the same key and body (after a timeout whose first attempt did land) answers the first
   * result instead of creating a second one.
   */
  idempotencyKey?: string;
}

type ForbiddenHandler = () => void;

let forbiddenHandler: ForbiddenHandler = () => {
  if (typeof window !== 'undefined') window.location.assign('/signin');
};

/** The app registers its router here so a '403' navigates inside the SPA instead of reloading. */
export function setForbiddenHandler(handler: ForbiddenHandler): void {
  forbiddenHandler = handler;
}

type PlanRequiredHandler = () => void;

// Home is where the route guard sends an unpaid or lapsed client or studio (spec §4).
let planRequiredHandler: PlanRequiredHandler = () => {
  if (typeof window !== 'undefined') window.location.assign('/');
};

/**
 * The app registers here what a '402' does: the plan ran out (or was never bought) while the
 * page was open, so the user goes where the guard would have sent them.
 */
export function setPlanRequiredHandler(handler: PlanRequiredHandler): void {
  planRequiredHandler = handler;
}

/** How long the refusals of one page's calls count as one: a page fires several at once. */
const PLAN_REQUIRED_BURST_MS = 2_000;
let planRequiredAt = Number.NEGATIVE_INFINITY;

/**
 * A '402' answer: the session stays, the page goes (to choose a plan), and one toast says why,
 * however many of the page's calls were refused together.
 */
export function leaveAfterPlanRequired(message: string): void {
  const now = Date.now();
  if (now - planRequiredAt < PLAN_REQUIRED_BURST_MS) return;
  planRequiredAt = now;
  notifyError(message || requestFailed());
  planRequiredHandler();
}

/** What a cancelled call rejects with: the signal's own reason, as fetch would. */
function abortReason(signal: AbortSignal, error: unknown): unknown {
  return signal.reason ?? error ?? new DOMException('The call was cancelled.', 'AbortError');
}

/** True for the rejection of a call its caller cancelled, which is never shown as a failure. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function requestFailed(): string {
  return translateMessage('error.request_failed');
}

function briefOutage(): string {
  return translateMessage('service.unavailable');
}

/**
 * What every call to the API sends besides its body: the answer's language (messages come back
 * translated) and the session. Uploads, which go through XMLHttpRequest for their progress,
 * send the same.
 */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': apiLanguageOf(getLanguage()) };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A '403' answer: the session is gone (spec §6), so is the page. */
export function signOutAfterForbidden(): void {
  clearSession();
  forbiddenHandler();
}

export interface RawEnvelope {
  code: string;
  msg: string;
  data: unknown;
}

export function isEnvelope(value: unknown): value is RawEnvelope {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { code?: unknown }).code === 'string' &&
    'data' in value
  );
}

/**
 * POSTs `body` as JSON to /api + endpoint.path and answers the envelope's `data` when the code
 * is '200' (spec §7, §8). Types come from the contract, so a call cannot send or expect a
 * shape the server does not have.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const { toast = true, forbidden = 'signin' } = options;
  const fail = (error: ApiError): never => {
    if (toast) notifyError(error.msg || requestFailed());
    throw error;
  };

  if (options.signal?.aborted) throw abortReason(options.signal, null);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...authHeaders() };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let payload: unknown;
  try {
    const response = await fetch(`${API_BASE}${endpoint.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
    payload = await response.json().catch((error: unknown) => {
      // A body cut off by an abort is the abort, not an unreadable answer.
      if (controller.signal.aborted) throw error;
      return null;
    });
    if (!isEnvelope(payload)) {
      // Not our envelope (a proxy error page, an empty answer): report the HTTP status. A
      // proxy's 502-504 means the server is out for a moment, which is what the user is told.
      const message = response.status >= 502 && response.status <= 504 ? briefOutage() : requestFailed();
      return fail(new ApiError('network', String(response.status), message));
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) return fail(new ApiError('timeout', 'timeout', i18n.t('common:errors.timeout')));
    // The caller cancelled on purpose (a superseded query, a page left): nothing failed, so
    // nothing is said; the abort reason goes back to whoever cancelled it.
    if (options.signal?.aborted) throw abortReason(options.signal, error);
    const message = error instanceof Error && error.message ? error.message : requestFailed();
    return fail(new ApiError('network', 'network', message));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  if (payload.code === CODES.ok) return payload.data as ResponseOf<E>;

  if (payload.code === CODES.forbidden) {
    // No valid session or not allowed: no toast, the session goes and so does the page.
    const error = new ApiError('envelope', payload.code, payload.msg, payload.data);
    if (forbidden === 'signin') signOutAfterForbidden();
    throw error;
  }

  if (payload.code === CODES.paymentRequired) {
    // Unlike a '403' the session is fine; the one toast of leaveAfterPlanRequired says why the page goes.
    const error = new ApiError('envelope', payload.code, payload.msg || requestFailed(), payload.data);
    leaveAfterPlanRequired(error.msg);
    throw error;
  }

  if (payload.code === CODES.unavailable) {
    // The database (or the server) is out for a moment: the session is fine and stays; the
    // user is told to try again shortly, in plain words.
    return fail(new ApiError('envelope', payload.code, payload.msg || briefOutage(), payload.data));
  }

  return fail(new ApiError('envelope', payload.code, payload.msg || requestFailed(), payload.data));
}
