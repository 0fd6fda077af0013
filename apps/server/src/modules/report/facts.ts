import { calendarDay, figure, monthlyReport, monthlyReportLesson, monthlyReportVideo } from '@nearcast/contract';
import { z } from 'zod';

const count = z.number().int();

/** A listed video as stored: its cover a storage key; its link figures absent in a report built before they were counted. */
const storedVideo = monthlyReportVideo
  .omit({ cover_url: true, visits: true, redemptions: true })
  .extend({ cover_key: z.string().nullable(), visits: count.optional(), redemptions: count.optional() });

/** A lesson as stored: its words in the three languages, the reader's taken when it is read. */
export const storedLesson = monthlyReportLesson.omit({ text: true }).extend({ text: z.object({ en: z.string(), es: z.string(), zh: z.string() }) });
export type StoredLesson = z.infer<typeof storedLesson>;

/**
 * What a report states, as stored when it was built (the `facts` column): the contract's report
 * without what is made at reading time (its id, the PDF link) and with each top video's cover as
 * a storage key, signed for whoever reads it. What the report gained later (link visits,
 * redemptions, lessons) is optional, so a report frozen before still reads as it was.
 */
export const reportFacts = monthlyReport
  .pick({
    merchant_name: true,
    period: true,
    plan: true,
    likes: true,
    comments: true,
    shares: true,
    cost_per_thousand_cents: true,
    previous_cost_per_thousand_cents: true,
    platforms: true,
    work: true,
  })
  .extend({
    videos: figure,
    plays: figure,
    top: z.array(storedVideo),
    links: z
      .object({
        visits: count,
        redemptions: count,
        cost_per_visit_cents: count.nullable(),
        cost_per_redemption_cents: count.nullable(),
        top_by_visits: z.array(storedVideo),
        lessons: z.array(storedLesson),
      })
      .optional(),
  });
export type ReportFacts = z.infer<typeof reportFacts>;

const DAY_MS = 86_400_000;

/** `YYYY-MM` of a time in a time zone. */
export function monthIn(at: Date, timeZone: string): string {
  return calendarDay(at, timeZone).slice(0, 7);
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return mon === 1 ? `${year - 1}-12` : `${year}-${String(mon - 1).padStart(2, '0')}`;
}

/**
 * The month a merchant's report is due for at `at`: the one before the merchant's current month,
 * and never one that has not ended in UTC, the zone of the dashboard's days that the report
 * counts (east of UTC, the first of a month comes while UTC is still in the month before).
 */
export function dueMonth(at: Date, timeZone: string): string {
  const local = monthIn(at, timeZone);
  const utc = monthIn(at, 'UTC');
  return previousMonth(local < utc ? local : utc);
}

/** A month's first instant and the next month's, in UTC, and its first and last days. */
export function monthWindow(month: string): { start: Date; end: Date; from: string; to: string } {
  const start = new Date(`${month}-01T00:00:00Z`);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(year, mon, 1));
  return { start, end, from: `${month}-01`, to: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10) };
}

/** A plan's month price over a count (visits, redemptions), in cents; null without a plan or any. */
export function costPer(priceCents: number | null, count: number): number | null {
  return priceCents === null || count <= 0 ? null : Math.round(priceCents / count);
}

/** A plan's month price per thousand plays, in cents; null without a plan or plays. */
export function costPerThousand(priceCents: number | null, plays: number): number | null {
  return priceCents === null || plays <= 0 ? null : Math.round((priceCents * 1000) / plays);
}
