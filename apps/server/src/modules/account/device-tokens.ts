import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device tokens: what lets a browser that signed in to an account before go on signing in to it
 * through a lock (sign-in-throttle.ts). A client can claim any address or user agent, so a
 * device is recognised only by something this server issued and signed:
 * `<account id>.<issued, unix seconds>.<random id>.<HMAC-SHA256 of the three>`, kept in an
 * httpOnly cookie. The token proves nothing but "this browser signed in to this account with its
 * password within DEVICE_TOKEN_DAYS"; it never stands in for the password.
 */
export const DEVICE_TOKEN_DAYS = 30;
const TTL_MS = DEVICE_TOKEN_DAYS * 86_400_000;
/** A token issued "in the future" by an instance whose clock runs ahead still counts. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Accounts one browser is remembered for (a shared shop computer), newest first. */
const MAX_ACCOUNTS = 5;

const TOKEN = /^(\d{1,12})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/;

export interface DeviceToken {
  accountId: number;
  /** Random and unique per token: the key of the device's own throttle row. */
  id: string;
}

export class DeviceTokens {
  private key: Promise<Buffer> | null = null;

  /** `loadSecret` answers the signing key shared by every instance (base64url). */
  constructor(private readonly loadSecret: () => Promise<string>) {}

  private secret(): Promise<Buffer> {
    this.key ??= this.loadSecret().then((value) => Buffer.from(value, 'base64url'));
    // A failed read is retried on the next call instead of being remembered for good.
    this.key.catch(() => {
      this.key = null;
    });
    return this.key;
  }

  private async mac(body: string): Promise<string> {
    return createHmac('sha256', await this.secret()).update(`device-token\n${body}`).digest('base64url');
  }

  async issue(accountId: number, now = Date.now()): Promise<string> {
    const body = `${accountId}.${Math.floor(now / 1000)}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${await this.mac(body)}`;
  }

  /** What a token says, when this server signed it and it has not expired; otherwise null. */
  async read(token: string, now = Date.now()): Promise<DeviceToken | null> {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, account, issued, id, mac] = match as unknown as [string, string, string, string, string];
    const expected = Buffer.from(await this.mac(`${account}.${issued}.${id}`), 'utf8');
    const given = Buffer.from(mac, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const age = now - Number(issued) * 1000;
    if (age > TTL_MS || age < -CLOCK_SKEW_MS) return null;
    return { accountId: Number(account), id };
  }

  /** The id of the presented token that belongs to this account, if a valid one does. */
  async recognise(presented: readonly string[], accountId: number, now = Date.now()): Promise<string | null> {
    for (const token of presented) {
      const read = await this.read(token, now);
      if (read?.accountId === accountId) return read.id;
    }
    return null;
  }

  /**
   * The tokens the browser keeps after a sign-in to this account: a fresh one for it first (so
   * its 30 days start again), then the still valid ones of other accounts.
   */
  async renew(presented: readonly string[], accountId: number, now = Date.now()): Promise<string[]> {
    const kept: string[] = [];
    const seen = new Set([accountId]);
    for (const token of presented) {
      const read = await this.read(token, now);
      if (!read || seen.has(read.accountId)) continue;
      seen.add(read.accountId);
      kept.push(token);
    }
    return [await this.issue(accountId, now), ...kept].slice(0, MAX_ACCOUNTS);
  }
}

// ---- the cookie that carries them ----

export const DEVICE_COOKIE = 'nc_device';
/** Sent with the account calls only; sign-in is the one that reads it. */
const COOKIE_PATH = '/api/v1/account';

/** The tokens in a request's Cookie header (at most a few; anything malformed is dropped). */
export function deviceTokensFrom(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    return pair
      .slice(at + 1)
      .trim()
      .split('~')
      .filter((token) => TOKEN.test(token))
      .slice(0, MAX_ACCOUNTS);
  }
  return [];
}

/**
 * The Set-Cookie value for these tokens: httpOnly (no script reads it), SameSite=Lax (another
 * site cannot make a browser send it with a sign-in), Secure over https.
 */
export function deviceCookie(tokens: readonly string[], secure: boolean): string {
  const attributes = [`Max-Age=${DEVICE_TOKEN_DAYS * 86_400}`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${DEVICE_COOKIE}=${tokens.join('~')}`, ...attributes].join('; ');
}
