import { formatMonth, PUBLISH_TARGETS, REPORT_MONTH, type MonthlyReport, type Role } from '@nearcast/contract';
import { changeOf, type Change } from '../../../lib/change';

/**
 * The pure view logic of the monthly reports: a month's heading, how a figure moved against the
 * month before, what the cost per thousand plays says, and the words of an empty list. A metric
 * no platform reported is null and reads "not available", never 0: 0 would claim nobody watched.
 */

/** `YYYY-MM` → its year and month (1–12), or null for anything else. */
export function parseReportMonth(month: string): { year: number; month: number } | null {
  if (!REPORT_MONTH.test(month)) return null;
  const [year, number] = month.split('-').map(Number);
  return year === undefined || number === undefined ? null : { year, month: number };
}

/**
 * A report's month as a heading writes it: spec §9's style, 2026/10, in every language (the
 * contract's helper, as the server's notices and the report's PDF write it). The month is a
 * calendar month counted in UTC, so it is read in UTC: never shifted by the reader's zone.
 * Text that is not a month is shown as it came.
 */
export function formatReportMonth(month: string): string {
  const parsed = parseReportMonth(month);
  if (!parsed) return month;
  return formatMonth(Date.UTC(parsed.year, parsed.month - 1, 1), 'UTC');
}

/** How a figure moved from last month (lib/change.ts); null when either month is not known. */
export function monthChangeOf(current: number | null, previous: number | null): Change | null {
  return current === null || previous === null ? null : changeOf(current, previous);
}

/** A count as the reader's language writes it, in full (a report is read for its exact numbers). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A metric that may be missing: its count, or the "not available" words, never 0. */
export function formatMetric(value: number | null, language: string, notAvailable: string): string {
  return value === null ? notAvailable : formatCount(value, language);
}

/** A percentage of a change as the reader's language writes it (12, 3,4). */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(percent);
}

/**
 * What the cost per thousand plays card shows: the cost (with its move against the month
 * before, lower being better), or why there is none — no plan in the month, no plays in it, or
 * plays no platform reported.
 */
export type CostView = { kind: 'value'; cents: number; change: Change | null } | { kind: 'no_plan' } | { kind: 'no_plays' } | { kind: 'unavailable' };

export function costView(
  report: Pick<MonthlyReport, 'cost_per_thousand_cents' | 'previous_cost_per_thousand_cents' | 'plan' | 'plays_figure'>,
): CostView {
  const cents = report.cost_per_thousand_cents;
  if (cents !== null) return { kind: 'value', cents, change: monthChangeOf(cents, report.previous_cost_per_thousand_cents) };
  if (report.plan === null) return { kind: 'no_plan' };
  if (report.plays_figure.value === 0) return { kind: 'no_plays' };
  return { kind: 'unavailable' };
}

/** Platforms in the contract's order (the spec's, the sandbox last), anything unknown after them. */
export function byPlatformOrder<T extends { platform: string }>(items: readonly T[]): T[] {
  const rank = (platform: string) => {
    const index = (PUBLISH_TARGETS as readonly string[]).indexOf(platform);
    return index === -1 ? PUBLISH_TARGETS.length : index;
  };
  return [...items].sort((a, b) => rank(a.platform) - rank(b.platform));
}

/**
 * The first day of the month after `now` (in the reader's zone, as the merchant's own is where
 * the report is built): when a merchant with no report yet receives its first.
 */
export function nextReportDate(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth() + 1, 1);
}

/** Which words an empty list says: a merchant waits for its first, others for their merchants'. */
export type EmptyKind = 'client' | 'filtered' | 'others';

export function emptyKind(role: Role | null, merchantChosen: boolean): EmptyKind {
  if (role === 'client') return 'client';
  return merchantChosen ? 'filtered' : 'others';
}

/** Signed links are renewed a minute before they expire, so the download button never holds a dead one. */
const RENEW_BEFORE_MS = 60_000;

/**
 * A day at most: the time becomes a timer, and a browser's timer longer than 2^31 − 1 ms (about
 * 25 days) fires at once, which would read the report again in a loop.
 */
const FRESH_AT_MOST_MS = 24 * 60 * 60 * 1000;

/** How long a report's signed PDF link stays good to use: 0 when it is (nearly) expired or unreadable. */
export function linkFreshFor(expiresAt: string, now: number): number {
  const expiry = Date.parse(expiresAt);
  if (!Number.isFinite(expiry)) return 0;
  return Math.min(FRESH_AT_MOST_MS, Math.max(0, expiry - now - RENEW_BEFORE_MS));
}

/** The `?id=` of the address: a report's id, or null for anything that is not one. */
export function reportIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
