/**
 * Money arrives as integer cents (`*_cents`, design.md "Money") and is shown as US dollars in
 * the interface language's number style; whole amounts drop the ".00".
 */
export function formatUsd(cents: number, language: string): string {
  const dollars = cents / 100;
  const whole = Number.isInteger(dollars);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(dollars);
}
