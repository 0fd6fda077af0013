/**
 * Money arrives as integer cents in `*_cents` fields (design.md "Money", USD). These helpers
 * never go through floating point for the digits, so 1999 cents is always "19.99".
 */

/** "1234.50" for 123450 cents: the plain decimal a spreadsheet reads as a number. */
export function centsToDecimal(cents: number): string {
  const value = Math.trunc(cents);
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}${whole}.${fraction}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "$1,234.50" in the interface language's digits; always US dollars, with the plain "$" sign. */
export function formatUsd(cents: number, locale = 'en-US'): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(Number(centsToDecimal(cents)));
}
