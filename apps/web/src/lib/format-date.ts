import dayjs from 'dayjs';

/**
 * Spec §9: dates are shown zh-CN style whatever the interface language, so a date reads the
 * same in every catalogue and sorts as text. lib/date-style.ts writes the same style in a named
 * time zone, and without dayjs for the public pages.
 */
export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';
export const DATE_FORMAT = 'YYYY/MM/DD';

export function formatDate(value: string | number | Date | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : '—';
}
