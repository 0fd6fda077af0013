import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (payout details, platform tokens). Each value gets a fresh
 * 12-byte IV; the 16-byte tag makes any change to the stored text fail loudly instead of
 * decrypting to something else. A context string (the owning row's kind and id) is bound as
 * associated data, so a ciphertext copied onto another row does not decrypt there. The `v1`
 * prefix leaves room for a key rotation to tell old from new.
 */
const VERSION = 'v1';

export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  // The message names no part of the value: it may end up in a log.
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('sealed secret: unknown sealed format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
