/**
 * Spec §9's zh-CN date style (2026/11/28, 24-hour 15:00, a month as 2026/11), one helper for
 * every place a date is written: the web's pages and exports, and the server's notification
 * and mail texts and PDFs. The style is the same in every interface language, so a date reads
 * alike in all three catalogues and sorts as text; only a weekday or a zone name is in the
 * reader's language.
 *
 * The time zone is always the caller's choice, never this helper's: the web passes the
 * reader's (or an event's own), while the server, which knows no reader, writes UTC and says
 * so. A calendar day or month stored as text ('2026-11-28', '2026-11') is read at midnight UTC,
 * so it must be written with 'UTC' to stay the same day. An invalid date, or a time zone the
 * runtime does not know, reads as '—'.
 */

/** What an invalid date reads as. */
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

// A formatter per zone: building one costs far more than using it, and PDFs and lists write many.
const digitFormats = new Map<string, Intl.DateTimeFormat>();

function partsOf(value: string | number | Date, timeZone?: string): Parts | null {
  const date = toDate(value);
  if (!date) return null;
  let parts: Intl.DateTimeFormatPart[];
  try {
    // The runtime's own zone is not cached: a test may set another.
    let format = timeZone === undefined ? undefined : digitFormats.get(timeZone);
    if (!format) {
      // Digits only: the locale picks no words, so any locale with Latin digits gives the same parts.
      format = new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      });
      if (timeZone !== undefined) digitFormats.set(timeZone, format);
    }
    parts = format.formatToParts(date);
  } catch {
    return null;
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** 2026/11/28, in `timeZone` or the runtime's. */
export function formatDay(value: string | number | Date, timeZone?: string): string {
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.year}/${parts.month}/${parts.day}` : NO_DATE;
}

/** 2026/11/28 15:00, in `timeZone` or the runtime's. */
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
