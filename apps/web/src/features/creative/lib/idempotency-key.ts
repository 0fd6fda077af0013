import { useRef } from 'react';

/** A fresh key: random enough that two creates never share one (randomUUID needs a secure context, hence the fallback). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per thing the user means to create. Sending the same body again (a retry after a
 * failure or a lost answer) reuses the key, so the server makes it once; another body, or the
 * same body after a success (the user asks for a second one), gets a new key, since the server
 * refuses a key reused with another body.
 */
export function useIdempotencyKey(): { keyFor: (body: unknown) => string; done: () => void } {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor: (body) => {
      const fingerprint = JSON.stringify(body);
      if (last.current?.fingerprint !== fingerprint) last.current = { fingerprint, key: newIdempotencyKey() };
      return last.current.key;
    },
    done: () => {
      last.current = null;
    },
  };
}
