/** The windows of the expiring-renewals selector, in days. */
export const RENEWAL_WINDOWS = [7, 15, 30] as const;
export type RenewalWindow = (typeof RENEWAL_WINDOWS)[number];
export const DEFAULT_RENEWAL_WINDOW: RenewalWindow = 30;

export type Urgency = 'urgent' | 'soon' | 'later';

/** How loudly a renewal should be shown: within a week, within a fortnight, or later. */
export function urgencyOf(days: number): Urgency {
  if (days <= 7) return 'urgent';
  if (days <= 15) return 'soon';
  return 'later';
}
