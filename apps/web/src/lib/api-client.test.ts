import { api, REQUEST_TIMEOUT_MS, type CurrentUser } from '@nearcast/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, isAbort, setForbiddenHandler, setPlanRequiredHandler } from './api-client';
import { initI18n } from './i18n';
import { registerNotifier } from './notify';
import { getToken, saveLanguage, saveSession } from './storage';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const user = { id: 1, account_type: 0, token: 'tok', email: 'a@b.c' } as unknown as CurrentUser;

function answer(body: unknown, status = 200) {
  return vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
}

let toasts: string[];
let forbidden: number;
let planRequired: number;
const memory = new MemoryStorage();

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  vi.stubGlobal('localStorage', memory);
  memory.clear();
  toasts = [];
  forbidden = 0;
  planRequired = 0;
  registerNotifier({ error: (text) => toasts.push(text), success: () => undefined });
  setForbiddenHandler(() => {
    forbidden += 1;
  });
  setPlanRequiredHandler(() => {
    planRequired += 1;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('POSTs JSON to /api + path with the bearer token and language', async () => {
    saveSession('secret-token', user);
    saveLanguage('zh-CN');
    const fetch = answer({ code: '200', msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetch);

    await call(api.account.logout, {});

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/account/logout');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['Accept-Language']).toBe('zh');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it.each([
    ['es-ES', 'es'],
    ['en-US', 'en'],
  ] as const)('sends Accept-Language %s as %s, and no Authorization without a token', async (language, header) => {
    saveLanguage(language);
    const fetch = answer({ code: '200', msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetch);
    await call(api.account.logout, {});
    const headers = fetch.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe(header);
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends an Idempotency-Key header only when the call names one', async () => {
    const fetch = answer({ code: '200', msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetch);
    await call(api.account.logout, {}, { idempotencyKey: 'render-1' });
    await call(api.account.logout, {});
    expect((fetch.mock.calls[0]![1].headers as Record<string, string>)['Idempotency-Key']).toBe('render-1');
    expect((fetch.mock.calls[1]![1].headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
  });
});

describe('envelope', () => {
  it("answers data on code '200'", async () => {
    vi.stubGlobal('fetch', answer({ code: '200', msg: 'ok', data: { resend_after_seconds: 60 } }));
    await expect(call(api.base.send, { email: 'a@b.c', scene: 'register' })).resolves.toEqual({ resend_after_seconds: 60 });
    expect(toasts).toEqual([]);
  });

  it("drops the session and goes to /signin without a toast on '403'", async () => {
    saveSession('secret-token', user);
    vi.stubGlobal('fetch', answer({ code: '403', msg: 'Please sign in first', data: null }, 403));
    const error = await call(api.account.detail, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('403');
    expect(getToken()).toBeNull();
    expect(forbidden).toBe(1);
    expect(toasts).toEqual([]);
  });

  it("lets the guard handle '403' itself", async () => {
    saveSession('secret-token', user);
    vi.stubGlobal('fetch', answer({ code: '403', msg: '', data: null }, 403));
    await expect(call(api.account.detail, {}, { forbidden: 'reject' })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('secret-token');
    expect(forbidden).toBe(0);
  });

  it("keeps the session on '402', says why once for the calls refused together, and leaves the page for Home", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    saveSession('secret-token', user);
    const msg = 'This needs an active plan. Choose a plan or renew yours to continue.';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: '402', msg, data: null }), { status: 402 })));
    // A page's calls, refused together: one toast, one departure.
    const errors = await Promise.all([call(api.footage.list, {}), call(api.footage.count, {}, { toast: false })].map((pending) => pending.catch((e: unknown) => e)));
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('402');
    }
    expect(getToken()).toBe('secret-token');
    expect([toasts, planRequired, forbidden]).toEqual([[msg], 1, 0]);
    // A refusal after the burst says it again.
    vi.setSystemTime(new Date('2030-01-01T00:00:05Z'));
    await call(api.footage.list, {}).catch(() => undefined);
    expect([toasts, planRequired]).toEqual([[msg, msg], 2]);
  });

  it('toasts the server message on any other code and rejects with code, msg and data', async () => {
    vi.stubGlobal('fetch', answer({ code: '409', msg: 'This email is already registered', data: { hint: 1 } }, 409));
    const error = (await call(api.account.logout, {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.msg, error.data]).toEqual(['409', 'This email is already registered', { hint: 1 }]);
    expect(toasts).toEqual(['This email is already registered']);
    expect(planRequired).toBe(0);
  });

  it("tells of a brief outage on '503' and keeps the session", async () => {
    saveSession('tok', user);
    const msg = 'The service is briefly unavailable. Please try again in a few seconds.';
    vi.stubGlobal('fetch', answer({ code: '503', msg, data: null }, 503));
    const error = (await call(api.account.detail, {}).catch((e: unknown) => e)) as ApiError;
    expect([error.code, error.msg]).toEqual(['503', msg]);
    // A '503' without words, and a proxy's own error page while the server is out, say the same.
    vi.stubGlobal('fetch', answer({ code: '503', msg: '', data: null }, 503));
    await expect(call(api.account.detail, {})).rejects.toBeInstanceOf(ApiError);
    for (const status of [502, 503, 504]) {
      vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Service Unavailable</html>', { status })));
      await expect(call(api.account.detail, {})).rejects.toMatchObject({ code: String(status), msg });
    }
    expect(toasts).toEqual([msg, msg, msg, msg, msg]);
    expect(getToken()).toBe('tok');
    expect([forbidden, planRequired]).toEqual([0, 0]);
  });

  it("falls back to 'Request failed' when the message is empty", async () => {
    vi.stubGlobal('fetch', answer({ code: '500', msg: '', data: null }, 500));
    await expect(call(api.account.logout, {})).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['Request failed']);
  });

  it("carries a '400' answer's fields, and a form can skip the toast", async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: '400', msg: 'Please enter your email', data: { fields: { email: 'Please enter your email', n: 3 } } }, 400),
    );
    const error = (await call(api.account.logout, {}, { toast: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ email: 'Please enter your email' });
    expect(toasts).toEqual([]);
  });
});

describe('transport', () => {
  it('toasts a network failure with its message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await call(api.account.logout, {}).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(toasts).toEqual(['Failed to fetch']);
  });

  it("toasts 'Request failed' for an answer that is not an envelope", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Not Found</html>', { status: 404 })));
    await expect(call(api.account.logout, {})).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['Request failed']);
  });

  it(`aborts after ${REQUEST_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = call(api.account.logout, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error.kind).toBe('timeout');
    expect(toasts).toEqual(['The server took too long to answer. Please try again.']);
  });
});

describe('cancellation', () => {
  /** A fetch that answers only when told, and rejects like the browser's when its signal aborts. */
  function pendingFetch(body: unknown = { code: '200', msg: '', data: {} }) {
    let answerNow: () => void = () => undefined;
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          answerNow = () => resolve(new Response(JSON.stringify(body)));
          init.signal?.addEventListener('abort', () => reject(new DOMException('signal is aborted without reason', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return { fetchMock, answer: () => answerNow() };
  }

  it('rejects a call its caller cancels with the abort, and shows no toast', async () => {
    pendingFetch();
    const controller = new AbortController();
    const pending = call(api.account.logout, {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(isAbort(error)).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('passes the reason the caller gave back to it', async () => {
    pendingFetch();
    const controller = new AbortController();
    const reason = new DOMException('superseded', 'AbortError');
    const pending = call(api.account.logout, {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(toasts).toEqual([]);
  });

  it('does not even send a call whose signal is already aborted', async () => {
    const { fetchMock } = pendingFetch();
    const controller = new AbortController();
    controller.abort();
    const error = await call(api.account.logout, {}, { signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('treats a body cut off by the abort as the abort, not as an unreadable answer', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const stream = new ReadableStream({
          start(streamController) {
            streamController.enqueue(new TextEncoder().encode('{"code":"200",'));
            controller.signal.addEventListener('abort', () => streamController.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(stream);
      }),
    );
    const pending = call(api.account.logout, {}, { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(isAbort(await pending)).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('still answers a call that was not cancelled', async () => {
    const { answer } = pendingFetch();
    const controller = new AbortController();
    const pending = call(api.account.logout, {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer();
    await expect(pending).resolves.toEqual({});
    expect(toasts).toEqual([]);
  });
});
