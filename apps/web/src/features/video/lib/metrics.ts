/** A number as the reader's language writes it, compactly past ten thousand (12.3K, 1.2万). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language, value >= 10_000 ? { notation: 'compact', maximumFractionDigits: 1 } : {}).format(value);
}

/**
 * A metric the platform does not give is null and reads as not available — never 0, which
 * would claim nobody watched.
 */
export function formatMetric(value: number | null | undefined, language: string, notAvailable: string): string {
  return value === null || value === undefined ? notAvailable : formatCount(value, language);
}
