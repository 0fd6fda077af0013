import { describe, expect, it } from 'vitest';
import { hashPassword, newEmailCode, newReferralCode, newToken, sha256, verifyPassword } from './crypto.js';

describe('password hashing', () => {
  it('stores scrypt parameters with the hash and verifies only the right password', async () => {
    const stored = await hashPassword('Correct-horse-1', 10);
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('Correct-horse-1', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-1', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-pass-1', 10)).not.toBe(await hashPassword('same-pass-1', 10));
  });

  it('uses N = 2^17 by default in production (design.md) within memory limits', async () => {
    const stored = await hashPassword('Production-1', 17);
    expect(stored.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('Production-1', stored)).toBe(true);
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});

describe('tokens and codes', () => {
  it('makes 256-bit URL-safe tokens and hex SHA-256 digests', () => {
    expect(newToken()).toMatch(/^[\w-]{43}$/);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes 6-digit codes and unambiguous referral codes', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(newEmailCode()).toMatch(/^\d{6}$/);
      expect(newReferralCode()).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    }
  });
});
