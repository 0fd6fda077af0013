/**
 * A value made on its first use and kept. The optional SDKs (S3, Stripe, SMTP, PDF) are loaded
 * this way, so only a configuration that uses one pays for importing it: every process and every
 * test app starts without them, and most never need them.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      // A failed attempt is not kept: the next use tries again.
      made = undefined;
      throw error;
    }));
}
