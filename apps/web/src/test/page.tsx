/**
 * What a page's component test needs beyond `test/dom`: a signed-in user of a role, the page at
 * an address inside a router, and a fake API that answers the contract's endpoints with
 * contract-typed data. A page test reads:
 *
 *   // @vitest-environment happy-dom
 *   import { renderInShell, setLanguage } from '../../../test/dom';   (its first import)
 *   import { FakeApi, renderPage, signInAs } from '../../../test/page';
 *
 *   const server = new FakeApi().ok(api.report.monthlyList, { list: [], total: 0, page: 1, page_size: 12 });
 *   useFakeApi(server);
 *   signInAs('client'); renderPage(<ReportsPage />, { path: '/reports' });
 *
 * An endpoint the test did not answer gets a 404 envelope, so a page that reads something
 * unexpected shows its error state instead of hanging, and `server.unanswered` names it.
 * Driving antd's widgets (a select, a field, a dialog, a toast) is in `test/antd`.
 */
import { ACCOUNT_TYPE, type CurrentUser, type Endpoint, type Role } from '@nearcast/contract';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { clearSession, saveSession } from '../lib/storage';
import { answerApi, renderInShell } from './dom';

export interface Envelope {
  code: string;
  msg?: string;
  data: unknown;
}

type Reply<E extends Endpoint> = (body: z.output<E['request']>, call: number) => Envelope | Promise<Envelope>;

/** One answer of a `sequence`: a success typed by the endpoint's response, or an error envelope. */
export type Answer<E extends Endpoint> = { code: '200'; data: z.input<E['response']> } | { code: string; msg: string; data: unknown };

/** One page of a list, as every list endpoint answers it (the first page of 20 unless told). */
export function pageOf<T>(list: T[], { total = list.length, page = 1, page_size = 20 }: { total?: number; page?: number; page_size?: number } = {}) {
  return { list, total, page, page_size };
}

/** A signed-in user as the sign-in answer gives it; `overrides` set what a test turns on. */
export function userOf(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    token: 'token',
    email: `${role}@example.com`,
    username: role,
    name: `Demo ${role}`,
    phone: '',
    wechat: '',
    bio: '',
    account_type: ACCOUNT_TYPE[role],
    role,
    agent_type: role === 'partner' ? 'main' : null,
    main_agent_id: null,
    pay_status: 1,
    info_status: 1,
    status: 'normal',
    expire_time: '2099-01-01T00:00:00.000Z',
    company_short_name: '',
    company_full_name: '',
    tax_number: '',
    country: 'US',
    state: 'CA',
    city: 'Los Angeles',
    county: '',
    address: '',
    zip_code: '',
    agent_id: null,
    studio_id: null,
    operator_id: null,
    referral_code: 'DEMO1234',
    two_factor_enabled: false,
    notifications: { email: true, sms: false, system: true, marketing: false },
    register_time: '2026-01-05T08:00:00.000Z',
    last_login: '2026-12-01T08:00:00.000Z',
    ...overrides,
  };
}

/** Signs `role` in, as the sign-in page leaves the session; returns the user. */
export function signInAs(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const user = userOf(role, overrides);
  saveSession(user.token, user);
  return user;
}

/**
 * `ui` at `url` inside a memory router whose one route is `path` (so the page reads its
 * parameters and search as in the app), in the app shell. Returns the router, to read where a
 * click went.
 */
export function renderPage(ui: ReactElement, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p data-testid="page-elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  return { router, ...renderInShell(<RouterProvider router={router} />) };
}

/**
 * The file's page tests talk to `server`: it stands in for fetch for the whole file, and each
 * test ends signed out, so no test starts with the last one's session.
 */
export function useFakeApi(server: FakeApi): void {
  beforeAll(() => vi.stubGlobal('fetch', server.fetch));
  afterAll(() => vi.unstubAllGlobals());
  afterEach(() => clearSession());
}

/** A fake of the API: endpoints answered per test, calls recorded with their bodies. */
export class FakeApi {
  private readonly replies = new Map<string, Reply<Endpoint>>();
  private readonly counts = new Map<string, number>();
  /** Every call in order: its path (without /api) and body. */
  readonly calls: { path: string; body: unknown }[] = [];
  /** Paths the page called that the test did not answer. */
  readonly unanswered: string[] = [];

  readonly fetch = answerApi((path, body) => {
    this.calls.push({ path, body });
    const reply = this.replies.get(path);
    if (!reply) {
      this.unanswered.push(path);
      return { code: '404', msg: `No answer for ${path} in this test`, data: null };
    }
    const call = this.counts.get(path) ?? 0;
    this.counts.set(path, call + 1);
    return reply(body as never, call);
  });

  /**
   * Answers `endpoint` with `reply(body, n)`. n counts its calls from 0 since this answer was
   * set: a new answer (here or by ok, fail, hang, sequence) starts counting afresh.
   */
  on<E extends Endpoint>(endpoint: E, reply: Reply<E>): this {
    this.replies.set(endpoint.path, reply as Reply<Endpoint>);
    this.counts.delete(endpoint.path);
    return this;
  }

  /** Answers `endpoint`'s calls with `answers` in turn, the last for every call after (a failure, then the retry's success). */
  sequence<E extends Endpoint>(endpoint: E, answers: readonly [Answer<E>, ...Answer<E>[]]): this {
    return this.on(endpoint, (_body, call) => answers[Math.min(call, answers.length - 1)]!);
  }

  /** Answers `endpoint` with `data`, typed by the endpoint's response schema. */
  ok<E extends Endpoint>(endpoint: E, data: z.input<E['response']>): this {
    return this.on(endpoint, () => ({ code: '200', data }));
  }

  /** Answers `endpoint` with an error envelope (`msg` as the server would, in the caller's language). */
  fail(endpoint: Endpoint, code: string, msg: string): this {
    return this.on(endpoint, () => ({ code, msg, data: null }));
  }

  /** Never answers `endpoint`: the page stays in its loading state. */
  hang(endpoint: Endpoint): this {
    return this.on(endpoint, () => new Promise<Envelope>(() => {}));
  }

  /** The bodies `endpoint` was called with, in order. */
  bodiesOf<E extends Endpoint>(endpoint: E): z.output<E['request']>[] {
    return this.calls.filter((call) => call.path === endpoint.path).map((call) => call.body as z.output<E['request']>);
  }

  /** Forgets the calls (the answers stay). */
  clearCalls(): void {
    this.calls.length = 0;
    this.unanswered.length = 0;
    this.counts.clear();
  }

  /** Forgets answers and calls. */
  reset(): this {
    this.replies.clear();
    this.clearCalls();
    return this;
  }
}
