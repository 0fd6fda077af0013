import type { FinanceStatus } from '@nearcast/contract';

/** Tag colours of the finance statuses (spec §4): money that arrived, waits, or did not. */
export const STATUS_COLORS: Record<FinanceStatus, string> = {
  completed: 'success',
  paid: 'success',
  pending: 'processing',
  failed: 'error',
  cancelled: 'default',
};

/** Basis points as a percentage a person reads: 7000 → "70%", 250 → "2.5%". */
export function percentOf(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** A typed percentage → basis points ("7.5" → 750); NaN when it is not a number. */
export function bpsOf(percent: string | number | null | undefined): number {
  if (percent === null || percent === undefined || percent === '') return Number.NaN;
  const value = typeof percent === 'number' ? percent : Number(String(percent).replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}
