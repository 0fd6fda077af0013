import { ACCOUNT_TYPE, PAY_STATUS, INFO_STATUS, type Role } from '@nearcast/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { matchRoute } from '../lib/routes';
import {
  afterLoginPath,
  guardNavigation,
  needsVerification,
  safeRedirect,
  titleOverride,
  type GuardInput,
  type GuardUser,
} from './guard';

const TOKEN = 'stored-token';

function user(role: Role, pay: number = PAY_STATUS.paid, info: number = INFO_STATUS.complete): GuardUser {
  return { account_type: ACCOUNT_TYPE[role], pay_status: pay, info_status: info };
}

/** A navigation to `url` matched against the real ROUTES table. */
function to(url: string, rest: Partial<GuardInput> = {}): GuardInput {
  const [pathname = '/', query] = url.split('?');
  const match = matchRoute(pathname);
  return {
    target: { pathname, search: query ? `?${query}` : '' },
    route: match?.route ?? null,
    params: match?.params ?? {},
    token: null,
    previous: null,
    ...rest,
  };
}

const signedIn = (u: GuardUser): Partial<GuardInput> => ({ token: TOKEN, verification: { ok: true, user: u } });

describe('public routes', () => {
  it.each(['/', '/privacy', '/item/42', '/settle/studio', '/settle/client', '/404', '/denied', '/signin'])(
    '%s passes without a token',
    (url) => {
      expect(guardNavigation(to(url))).toEqual({ action: 'allow', title: null });
    },
  );

  it('needs no current-user fetch on a public page other than sign-in', () => {
    expect(needsVerification(matchRoute('/')!.route, TOKEN)).toBe(false);
    expect(needsVerification(matchRoute('/privacy')!.route, TOKEN)).toBe(false);
  });

  it('lets an unpaid client read public pages (no gating there)', () => {
    expect(guardNavigation(to('/privacy', signedIn(user('client', PAY_STATUS.unpaid)))).action).toBe('allow');
  });
});

describe('no stored token', () => {
  it('goes to /signin with the original path and query in redirect', () => {
    const decision = guardNavigation(to('/clients?page=2&q=a b&title=x/y'));
    expect(decision).toEqual({
      action: 'redirect',
      to: `/signin?redirect=${encodeURIComponent('/clients?page=2&q=a b&title=x/y')}`,
    });
    expect(decision.action === 'redirect' && new URL(decision.to, 'http://x').searchParams.get('redirect')).toBe(
      '/clients?page=2&q=a b&title=x/y',
    );
  });

  it('does not fetch the current user', () => {
    expect(needsVerification(matchRoute('/dashboard')!.route, null)).toBe(false);
  });
});

describe('current-user verification', () => {
  it('is fetched on every guarded navigation with a token', () => {
    for (const path of ['/dashboard', '/profile', '/payment', '/settle', '/clients']) {
      expect(needsVerification(matchRoute(path)!.route, TOKEN)).toBe(true);
    }
  });

  it('is fetched on /signin with a token, to tell a live session from a dead one', () => {
    expect(needsVerification(matchRoute('/signin')!.route, TOKEN)).toBe(true);
  });

  it('is not fetched for an unmatched route', () => {
    expect(needsVerification(null, TOKEN)).toBe(false);
  });

  describe('when it fails', () => {
    let logged: MockInstance<typeof console.error>;
    beforeEach(() => {
      logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => logged.mockRestore());

    it('sends the user to /signin', () => {
      expect(guardNavigation(to('/dashboard', { token: TOKEN, verification: { ok: false, reason: 'refused' } }))).toEqual({
        action: 'redirect',
        to: '/signin',
      });
    });

    it('treats a guarded navigation without a verification as failed', () => {
      expect(guardNavigation(to('/dashboard', { token: TOKEN }))).toEqual({ action: 'redirect', to: '/signin' });
    });

    // Spec §6: "A permission check failure logs an error and redirects to sign-in."
    it.each([['refused'], ['failed'], [undefined]] as const)('logs the refused check (%s) as an error, with the path but neither the token nor the query', (reason) => {
      const secret = 'tok_5f0c1e9a_do_not_log';
      guardNavigation(to('/clients?email=someone@example.com', { token: secret, verification: { ok: false, reason } }));
      expect(logged).toHaveBeenCalledTimes(1);
      const text = logged.mock.calls[0]!.map(String).join(' ');
      expect(text).toMatch(/permission check failed/i);
      expect(text).toContain('/clients');
      if (reason === 'refused') expect(text).toContain('refused');
      expect(text).not.toContain(secret);
      expect(text).not.toContain('someone@example.com');
    });

    it('logs nothing when a dead session only stops by the sign-in page', () => {
      guardNavigation(to('/signin', { token: TOKEN, verification: { ok: false, reason: 'refused' } }));
      expect(logged).not.toHaveBeenCalled();
    });
  });
});

describe('/signin', () => {
  it('sends a signed-in user home', () => {
    expect(guardNavigation(to('/signin', signedIn(user('admin'))))).toEqual({ action: 'redirect', to: '/' });
  });

  it('lets a user whose stored session failed verification sign in again', () => {
    expect(guardNavigation(to('/signin?mode=register', { token: TOKEN, verification: { ok: false } })).action).toBe(
      'allow',
    );
  });
});

describe('unmatched routes', () => {
  it('go back to the previous route, query included', () => {
    const decision = guardNavigation(
      to('/no-such-page', { ...signedIn(user('super')), previous: { pathname: '/clients', search: '?page=3' } }),
    );
    expect(decision).toEqual({ action: 'redirect', to: '/clients?page=3' });
  });

  it('go to /404 on a first load', () => {
    expect(guardNavigation(to('/no-such-page'))).toEqual({ action: 'redirect', to: '/404' });
  });

  it('go to /404 when the previous location is the unmatched one itself', () => {
    const previous = { pathname: '/no-such-page', search: '' };
    expect(guardNavigation(to('/no-such-page', { previous }))).toEqual({ action: 'redirect', to: '/404' });
  });
});

describe('roles', () => {
  let logged: MockInstance<typeof console.error>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it.each<[string, Role]>([
    ['/clients', 'client'],
    ['/account', 'admin'],
    ['/operator', 'super'],
    ['/material', 'studio'],
    ['/settle', 'studio'],
    ['/studio', 'client'],
    ['/partner', 'operator'],
  ])('%s is denied to %s', (path, role) => {
    expect(guardNavigation(to(path, signedIn(user(role))))).toEqual({ action: 'redirect', to: '/denied' });
  });

  it.each<[string, Role]>([
    ['/dashboard', 'client'],
    ['/clients', 'operator'],
    ['/account', 'super'],
    ['/operator', 'partner'],
    ['/video', 'studio'],
    ['/finance', 'operator'],
  ])('%s is open to %s', (path, role) => {
    expect(guardNavigation(to(path, signedIn(user(role))))).toEqual({ action: 'allow', title: null });
  });

  it('logs a refused role as an error, with the path and the role but not the query', () => {
    guardNavigation(to('/account?email=someone@example.com', signedIn(user('admin'))));
    expect(logged).toHaveBeenCalledTimes(1);
    const [message] = logged.mock.calls[0]!;
    expect(message).toContain('admin');
    expect(message).toContain('/account');
    expect(message).not.toContain('someone@example.com');
  });

  it('logs nothing for an allowed navigation, a missing session or a gating redirect', () => {
    guardNavigation(to('/dashboard', signedIn(user('client'))));
    guardNavigation(to('/clients'));
    guardNavigation(to('/dashboard', signedIn(user('client', PAY_STATUS.unpaid))));
    expect(logged).not.toHaveBeenCalled();
  });

  it('reads an unknown account_type as a client', () => {
    const stranger: GuardUser = { account_type: 99, pay_status: PAY_STATUS.paid, info_status: INFO_STATUS.complete };
    expect(guardNavigation(to('/clients', signedIn(stranger)))).toEqual({ action: 'redirect', to: '/denied' });
    expect(guardNavigation(to('/material', signedIn(stranger))).action).toBe('allow');
  });
});

describe('title override', () => {
  it('takes a title from the query', () => {
    expect(guardNavigation(to('/dashboard?title=Weekly%20report', signedIn(user('admin'))))).toEqual({
      action: 'allow',
      title: 'Weekly report',
    });
  });

  it('takes a title from the route params, before the query', () => {
    expect(titleOverride({ title: 'From params' }, '?title=From%20query')).toBe('From params');
  });

  it('applies on public routes too', () => {
    expect(guardNavigation(to('/item/7?title=Spring%20menu'))).toEqual({ action: 'allow', title: 'Spring menu' });
  });

  it('ignores a blank title', () => {
    expect(titleOverride({}, '?title=%20%20')).toBeNull();
    expect(titleOverride(undefined, '')).toBeNull();
  });
});

describe('payment and info gating', () => {
  it.each([PAY_STATUS.unpaid, PAY_STATUS.expired])('sends a client with pay_status %i home', (pay) => {
    expect(guardNavigation(to('/dashboard', signedIn(user('client', pay))))).toEqual({ action: 'redirect', to: '/' });
  });

  it('sends an unpaid studio home', () => {
    expect(guardNavigation(to('/finance', signedIn(user('studio', PAY_STATUS.unpaid))))).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('lets an unpaid client or studio stay on /payment', () => {
    expect(guardNavigation(to('/payment?session_id=cs_1', signedIn(user('client', PAY_STATUS.unpaid)))).action).toBe(
      'allow',
    );
    expect(guardNavigation(to('/payment', signedIn(user('studio', PAY_STATUS.expired)))).action).toBe('allow');
  });

  it('forces a paid client with incomplete info to /settle, and lets it stay there', () => {
    const u = user('client', PAY_STATUS.paid, INFO_STATUS.incomplete);
    expect(guardNavigation(to('/dashboard', signedIn(u)))).toEqual({ action: 'redirect', to: '/settle' });
    expect(guardNavigation(to('/profile', signedIn(u)))).toEqual({ action: 'redirect', to: '/settle' });
    expect(guardNavigation(to('/settle', signedIn(u))).action).toBe('allow');
  });

  it('forces a paid studio with incomplete info to /studio, and lets it stay there', () => {
    const u = user('studio', PAY_STATUS.paid, INFO_STATUS.incomplete);
    expect(guardNavigation(to('/clients', signedIn(u)))).toEqual({ action: 'redirect', to: '/studio' });
    expect(guardNavigation(to('/studio', signedIn(u))).action).toBe('allow');
  });

  it('lets a paid, onboarded client or studio through', () => {
    expect(guardNavigation(to('/material', signedIn(user('client')))).action).toBe('allow');
    expect(guardNavigation(to('/video', signedIn(user('studio')))).action).toBe('allow');
  });

  it.each<Role>(['admin', 'super'])('does not apply to %s', (role) => {
    const u = user(role, PAY_STATUS.unpaid, INFO_STATUS.incomplete);
    expect(guardNavigation(to('/dashboard', signedIn(u))).action).toBe('allow');
    expect(guardNavigation(to('/content', signedIn(u))).action).toBe('allow');
  });

  it.each<Role>(['partner', 'operator'])('does not apply to %s, who does not pay', (role) => {
    const u = user(role, PAY_STATUS.unpaid, INFO_STATUS.incomplete);
    expect(guardNavigation(to('/dashboard', signedIn(u))).action).toBe('allow');
  });

  it('does not apply on ungated routes', () => {
    const unpaid = user('client', PAY_STATUS.unpaid);
    // Denied and 404 are shown even to an unpaid client, or the gating would hide why.
    expect(guardNavigation(to('/denied', signedIn(unpaid))).action).toBe('allow');
    expect(guardNavigation(to('/404', signedIn(unpaid))).action).toBe('allow');
    expect(guardNavigation(to('/', signedIn(unpaid))).action).toBe('allow');
    // An ungated, signed-in route (the Payment rule, read from the table's flag).
    const ungated = { path: '/somewhere', roles: '*' as const, ungated: true };
    expect(guardNavigation({ ...to('/somewhere', signedIn(unpaid)), route: ungated }).action).toBe('allow');
    expect(guardNavigation({ ...to('/somewhere', signedIn(unpaid)), route: { ...ungated, ungated: false } })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });
});

describe('after login', () => {
  it.each<Role>(['admin', 'super', 'partner'])('sends %s to a safe redirect', (role) => {
    const u = user(role, PAY_STATUS.unpaid);
    expect(afterLoginPath(u, '/finance?page=2')).toBe('/finance?page=2');
  });

  it.each<Role>(['admin', 'super', 'partner'])('sends %s to /dashboard without a redirect', (role) => {
    expect(afterLoginPath(user(role, PAY_STATUS.unpaid), null)).toBe('/dashboard');
  });

  it('sends a paid client or studio to the redirect, else /dashboard', () => {
    expect(afterLoginPath(user('client'), '/material')).toBe('/material');
    expect(afterLoginPath(user('studio'), '/video#top')).toBe('/video#top');
    expect(afterLoginPath(user('client'), undefined)).toBe('/dashboard');
  });

  it.each<[Role, number]>([
    ['client', PAY_STATUS.unpaid],
    ['client', PAY_STATUS.expired],
    ['studio', PAY_STATUS.unpaid],
  ])('sends an unpaid %s (pay_status %i) home when the redirect is a gated page', (role, pay) => {
    expect(afterLoginPath(user(role, pay), '/dashboard')).toBe('/');
    expect(afterLoginPath(user(role, pay), '/finance?page=2')).toBe('/');
    expect(afterLoginPath(user(role, pay), null)).toBe('/');
  });

  it.each<[Role, number]>([
    ['client', PAY_STATUS.unpaid],
    ['client', PAY_STATUS.expired],
    ['studio', PAY_STATUS.unpaid],
  ])('sends an unpaid %s (pay_status %i) back to the plan or payment page it came from', (role, pay) => {
    expect(afterLoginPath(user(role, pay), '/plans/7')).toBe('/plans/7');
    expect(afterLoginPath(user(role, pay), '/plans?type=studio')).toBe('/plans?type=studio');
    expect(afterLoginPath(user(role, pay), '/payment?session_id=cs_1')).toBe('/payment?session_id=cs_1');
  });

  it('still refuses an unsafe or forbidden redirect for an unpaid user', () => {
    const unpaid = user('client', PAY_STATUS.unpaid);
    expect(afterLoginPath(unpaid, '//evil.example/plans/7')).toBe('/');
    expect(afterLoginPath(unpaid, 'https://evil.example/plans/7')).toBe('/');
    expect(afterLoginPath(unpaid, '/studio')).toBe('/');
    expect(afterLoginPath(unpaid, '/signin?redirect=/plans/7')).toBe('/');
  });

  it('refuses a redirect the role may not open', () => {
    expect(afterLoginPath(user('partner'), '/account')).toBe('/dashboard');
    expect(afterLoginPath(user('client'), '/clients')).toBe('/dashboard');
  });

  it.each([
    'https://evil.example/dashboard',
    '//evil.example/dashboard',
    '/\\evil.example/dashboard',
    'javascript:alert(1)',
    'dashboard',
    '/no-such-page',
    '/signin?redirect=/dashboard',
  ])('refuses the unsafe redirect %s', (bad) => {
    expect(safeRedirect(bad, 'super')).toBeNull();
    expect(afterLoginPath(user('super'), bad)).toBe('/dashboard');
  });
});
