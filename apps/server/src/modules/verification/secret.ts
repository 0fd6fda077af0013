import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for payout details at rest. Each value gets a fresh 12-byte IV; the 16-byte tag
 * makes any change to the stored text fail loudly instead of decrypting to something else. The
 * owning account id is bound as associated data, so a ciphertext copied onto another account's
 * row does not decrypt there. The `v1` prefix leaves room for a key rotation to tell old from new.
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, plaintext: string, accountId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated(accountId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openSecret(key: Buffer, sealed: string, accountId: number): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('payout details: unknown sealed format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(associated(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const associated = (accountId: number) => Buffer.from(`payout-details:${accountId}`, 'utf8');

/** The last four characters of a number, the only part of it anyone is shown again. */
export const lastFour = (value: string) => value.slice(-4);
