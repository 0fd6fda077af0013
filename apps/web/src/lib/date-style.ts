/**
 * Spec §9's zh-CN date style (2026/11/28, 24-hour 15:00), the one lib/format-date.ts gives the
 * tables, for the places that show a date outside a table: a live event in its own time zone,
 * the item page, the landing page (which loads no date library), the posts calendar. The
 * helper itself lives in the contract, so the server's notification texts and PDFs write dates
 * exactly as the pages do. Without a zone, a date is shown in the browser's (the reader's).
 */
export { NO_DATE, formatDay, formatDayTime, formatMonth, weekdayOf, zoneNameOf } from '@nearcast/contract';
