/** The windows of the expiring-renewals selector, in days. */
export const RENEWAL_WINDOWS = [7, 15, 30] as const;
export type RenewalWindow = (typeof RENEWAL_WINDOWS)[number];
export const DEFAULT_RENEWAL_WINDOW: RenewalWindow = 30;

const DAY_MS = 86_400_000;

/** Whole days until `expireTime` (0 = ends within the next 24 hours); null without a date. */
export function daysLeft(expireTime: string | null | undefined, now: Date = new Date()): number | null {
  if (!expireTime) return null;
  const end = Date.parse(expireTime);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.floor((end - now.getTime()) / DAY_MS));
}

export type Urgency = 'urgent' | 'soon' | 'later';

/** How loudly a renewal should be shown: within a week, within a fortnight, or later. */
export function urgencyOf(days: number): Urgency {
  if (days <= 7) return 'urgent';
  if (days <= 15) return 'soon';
  return 'later';
}
