import type { InsightDimension } from '@nearcast/contract';
import type { TFunction } from 'i18next';

/** A stored id as words when no catalogue names it (a look added after the catalogues). */
export function humanize(value: string): string {
  const words = value.replace(/[_.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}

/** The hour of the day on a clock the reader's language writes ("7 PM", "19時" …). */
export function hourLabel(hour: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 1, hour)));
}

/**
 * The words for one value of a choice (docs/decisions/084), from the `creative` namespace (hook
 * styles, music, languages and categories are the production line's own words) and the
 * `video` namespace for platforms.
 */
export function choiceLabel(t: TFunction, dimension: InsightDimension, value: string, language: string): string {
  switch (dimension) {
    case 'hook_style':
      return t(`creative:hook_style.${value}`, { defaultValue: humanize(value) });
    case 'music':
      return t(`creative:music.${value}`, { defaultValue: humanize(value) });
    case 'language':
      return t(`creative:language.${value}`, { defaultValue: value });
    case 'look':
      return t(`creative:insights.look.${value}`, { defaultValue: humanize(value) });
    case 'template': {
      const [category = '', structure = ''] = value.split('.');
      const structureLabel = t(`creative:insights.structure.${structure}`, { defaultValue: humanize(structure) });
      return structure ? `${t(`creative:category.${category}`, { defaultValue: humanize(category) })} · ${structureLabel}` : humanize(value);
    }
    case 'length_band':
      return t(`creative:insights.length.${value}`, { defaultValue: value });
    case 'opening_kind':
      return t(`creative:insights.opening.${value}`, { defaultValue: value });
    case 'posting_hour':
      return hourLabel(Number(value), language);
    case 'platform':
      return t(`video:platform.${value}`, { defaultValue: humanize(value) });
  }
}

/** A count as the reader's language writes it, compactly past ten thousand. */
export function formatCount(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language, value >= 10_000 ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 0 }).format(value);
}

export function formatRate(value: number | null, language: string): string {
  return value === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}
