import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastFour, openSecret, sealSecret } from './secret.js';

const key = randomBytes(32);

describe('sealed payout details', () => {
  it('round-trips, and never stores the plain text', () => {
    const sealed = sealSecret(key, '{"account_number":"000123456789"}', 7);
    expect(sealed).not.toContain('123456789');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openSecret(key, sealed, 7)).toBe('{"account_number":"000123456789"}');
  });

  it('uses a fresh IV each time', () => {
    expect(sealSecret(key, 'same', 1)).not.toBe(sealSecret(key, 'same', 1));
  });

  it('refuses another key, another account, and any change to the stored text', () => {
    const sealed = sealSecret(key, 'routing 021000021', 7);
    expect(() => openSecret(randomBytes(32), sealed, 7)).toThrow();
    expect(() => openSecret(key, sealed, 8)).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(key, [version, iv, tag, flipped.toString('base64url')].join('.'), 7)).toThrow();
    expect(() => openSecret(key, 'v2.a.b.c', 7)).toThrow(/unknown sealed format/);
  });

  it('shows only the last four digits', () => {
    expect(lastFour('000123456789')).toBe('6789');
  });
});
