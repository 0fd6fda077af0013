/**
 * Which merchants' outcomes this process has changed, as counters (docs/decisions/084): the
 * insights keep an answer for a short while, and one this process knows to be out of date is
 * not answered again. Another process's changes are not seen here; the answer's short life
 * bounds those.
 */
let any = 0;
let everyone = 0;
const perMerchant = new Map<number, number>();
/** Merchants tracked at most; past it every merchant's answers are dropped at once. */
const TRACKED_MAX = 100_000;

/** A merchant's outcomes changed (null: any merchant's may have). */
export function outcomesChanged(merchantId: number | null): void {
  any += 1;
  if (merchantId === null || perMerchant.size >= TRACKED_MAX) {
    everyone += 1;
    perMerchant.clear();
    return;
  }
  perMerchant.set(merchantId, (perMerchant.get(merchantId) ?? 0) + 1);
}

/** A token that changes whenever the merchant's outcomes change here (null: anyone's). */
export function outcomesVersion(merchantId: number | null): string {
  return merchantId === null ? `*${any}` : `${everyone}:${perMerchant.get(merchantId) ?? 0}`;
}
