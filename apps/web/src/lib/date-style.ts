/**
 * Spec §9's zh-CN date style (2026/11/28, 24-hour 15:00), the one lib/format-date.ts gives the
 * tables, for the places that show a date outside a table: a live event in its own time zone,
 * the item page, the landing page (which loads no date library), the posts calendar. The style
 * is the same in every interface language; only a weekday or a zone name is in the reader's.
 * An invalid date, or a time zone the browser does not know, reads as '—'.
 */

/** What an invalid date reads as, as in the tables (lib/format-date.ts). */
export const NO_DATE = '—';

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function partsOf(value: string | number | Date, timeZone?: string): Parts | null {
  const date = toDate(value);
  if (!date) return null;
  let parts: Intl.DateTimeFormatPart[];
  try {
    // Digits only: the locale picks no words, so any locale with Latin digits gives the same parts.
    parts = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).formatToParts(date);
  } catch {
    return null;
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** 2026/11/28, in `timeZone` or the browser's. */
export function formatDay(value: string | number | Date, timeZone?: string): string {
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.year}/${parts.month}/${parts.day}` : NO_DATE;
}

/** 2026/11/28 15:00, in `timeZone` or the browser's. */
export function formatDayTime(value: string | number | Date, timeZone?: string): string {
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}` : NO_DATE;
}

/** 2026/11, for a month's heading. */
export function formatMonth(value: string | number | Date, timeZone?: string): string {
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.year}/${parts.month}` : NO_DATE;
}

/** The short weekday in the reader's language (Sat, 周六, sáb), or '' when it cannot be told. */
export function weekdayOf(value: string | number | Date, language: string | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  try {
    return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone }).format(date);
  } catch {
    return '';
  }
}

/** The zone's short name at that moment in the reader's language (PST, GMT-8), or ''. */
export function zoneNameOf(value: string | number | Date, language: string | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZoneName: 'short', timeZone }).formatToParts(date);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}
