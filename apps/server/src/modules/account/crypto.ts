import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { EMAIL_CODE_LENGTH } from '@nearcast/contract';

const KEY_LENGTH = 64;
const R = 8;
const P = 1;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

// scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below N=2^17, so raise it per call.
const maxmem = (logN: number) => 256 * 2 ** logN * R;

/**
 * `scrypt$<logN>$<r>$<p>$<salt>$<hash>`: the parameters travel with the hash, so verifying
 * never depends on today's configuration and the cost can be raised later.
 */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, { N: 2 ** logN, r: R, p: P, maxmem: maxmem(logN) });
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logNText, rText, pText, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !logNText || !rText || !pText || !saltText || !keyText) return false;
  const logN = Number(logNText);
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), {
    N: 2 ** logN,
    r: Number(rText),
    p: Number(pText),
    maxmem: maxmem(logN),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export function newEmailCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
}

/** Referral codes are short, unambiguous and URL-safe (no 0/O, 1/I/L). */
export function newReferralCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  let code = '';
  for (let i = 0; i < 8; i += 1) code += alphabet[randomInt(0, alphabet.length)];
  return code;
}
