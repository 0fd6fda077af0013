import { seal, unseal } from '../../lib/sealed-secret.js';

/**
 * Payout details at rest, sealed with AES-256-GCM (lib/sealed-secret.ts) and bound to the
 * owning account, so a ciphertext copied onto another account's row does not decrypt there.
 */
export function sealSecret(key: Buffer, plaintext: string, accountId: number): string {
  return seal(key, plaintext, associated(accountId));
}

export function openSecret(key: Buffer, sealed: string, accountId: number): string {
  return unseal(key, sealed, associated(accountId));
}

const associated = (accountId: number) => `payout-details:${accountId}`;

/** The last four characters of a number, the only part of it anyone is shown again. */
export const lastFour = (value: string) => value.slice(-4);
