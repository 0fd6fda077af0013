import type { CurrentUser, JoinType, PACKAGE_TYPES } from '@nearcast/contract';
import { baseUrl } from './browser';
import { apiPost } from './api';
import type { AreaRow, PackageRow } from './fill-city';
import { codeSentTo } from './mailbox';
import type { ApiSession } from './session';

/**
 * Fresh accounts for journeys that need a state the demo seed does not have (a paid client or
 * studio whose information is incomplete), made through the public API in a few hundred ms
 * instead of through the register and checkout pages, which have journeys of their own.
 */

export type PackageType = (typeof PACKAGE_TYPES)[number];

export const NEW_ACCOUNT_PASSWORD = 'Journey-pass-1';

let made = 0;

/** A name no other account of this run (or of a kept data directory) has. */
export function uniqueName(prefix: string): string {
  made += 1;
  return `${prefix}${Date.now().toString(36)}${made}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export interface RegisterOptions {
  /** Defaults to a unique address under example.com. */
  email?: string;
  /** Defaults to a unique name (also the account's first `name`, as the server sets it). */
  username?: string;
  password?: string;
  /** A promotion link's code: the account is signed up through that link. */
  ref?: string;
}

export interface RegisteredSession extends ApiSession {
  email: string;
  username: string;
  password: string;
}

/**
 * Registers like the sign-up form: the emailed code (scene register) from the journey mailbox,
 * then /v1/account/sign with the join type. Answers a signed-in session, unpaid.
 */
export async function registerThroughApi(joinType: JoinType, options: RegisterOptions = {}): Promise<RegisteredSession> {
  const username = options.username ?? uniqueName(joinType === 'studio' ? 'st' : 'cl');
  const email = options.email ?? `${username}@example.com`;
  const password = options.password ?? NEW_ACCOUNT_PASSWORD;
  const since = Date.now();
  await apiPost('/v1/base/send', { email, scene: 'register' });
  const code = await codeSentTo(email, since);
  const signed = await apiPost<{ token: string; user: ApiSession['user'] }>('/v1/account/sign', {
    username,
    email,
    password,
    confirm_password: password,
    code,
    join_type: joinType,
    remember: false,
    ...(options.ref ? { ref: options.ref } : {}),
  });
  return { token: signed.token, user: signed.user, email, username, password };
}

/** A city for a studio's place, spread over the first hundred so no city fills up in a run. */
async function someCity(): Promise<number> {
  const cities = await apiPost<{ list: AreaRow[] }>('/v1/area/list', { type: 'city', page_size: 100 });
  const city = cities.list[Math.floor(Math.random() * cities.list.length)];
  if (!city) throw new Error('the area tree has no city');
  return city.id;
}

/**
 * Buys the enabled package of `packageType` through the sandbox provider, the way a buyer's
 * browser would: checkout, the sandbox page's Pay button, then the verification the payment
 * result page makes. Answers the session with the refreshed user (paid, information incomplete).
 * A studio package needs a city (spec §9: 100 places per city); one is chosen when none is given.
 */
export async function payThroughSandbox(session: ApiSession, packageType: PackageType, cityId?: number): Promise<ApiSession> {
  const packages = await apiPost<{ list: PackageRow[] }>('/v1/price/list', { type: packageType, page_size: 100 }, session.token);
  const pkg = packages.list.find((row) => row.type === packageType);
  if (!pkg) throw new Error(`no enabled ${packageType} package`);
  const city = packageType === 'studio' ? (cityId ?? (await someCity())) : cityId;
  const checkout = await apiPost<{ session_id: string }>(
    '/v1/payment/stripe',
    { package_id: pkg.id, periods: 1, ...(city !== undefined ? { city_id: city } : {}) },
    session.token,
  );
  const paid = await fetch(`${baseUrl()}/sandbox/checkout/${encodeURIComponent(checkout.session_id)}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`the sandbox refused to pay ${checkout.session_id}: HTTP ${paid.status}`);
  const verified = await apiPost<{ status: string; user: CurrentUser | null }>('/v1/payment/stripe/callback', { session_id: checkout.session_id }, session.token);
  if (verified.status !== 'paid' || !verified.user) throw new Error(`payment ${checkout.session_id} is ${verified.status}`);
  return { token: session.token, user: verified.user as unknown as ApiSession['user'] };
}

/** A client or studio that has registered and paid but not yet given its information. */
export async function paidAccount(role: 'client' | 'studio', cityId?: number): Promise<RegisteredSession> {
  const registered = await registerThroughApi(role === 'studio' ? 'studio' : 'business');
  const paid = await payThroughSandbox(registered, role === 'studio' ? 'studio' : 'business', cityId);
  return { ...registered, user: paid.user };
}
