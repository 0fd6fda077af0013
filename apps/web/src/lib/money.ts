/**
 * Prices travel as integer USD cents (`*_cents`, design.md "Money"); people type and read
 * dollars. The conversions work on the decimal digits as text, never on a float times 100,
 * so what the admin typed is exactly what is stored: "19.99" is 1999, and "1.005" rounds to
 * 101 the way a person rounds it (a float would give 100).
 */

const DECIMAL = /^([+-])?(\d*)(?:[.,](\d*))?$/;

/**
 * Dollars as typed (text or a number from an input) → cents. Empty input answers undefined
 * (the field was left blank); anything that is not a decimal number answers NaN, so the
 * contract schema reports it as "must be a number". More than two decimals round half up.
 */
export function dollarsToCents(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return Number.NaN;
    // The shortest text that reads back as this number is what the user meant ("19.99"); only
    // very large or tiny numbers come out in exponent form, and those are rounded directly.
    const text = String(value);
    return /e/i.test(text) ? Math.round(value * 100) : dollarsToCents(text);
  }
  const text = value.trim().replace(/[\s$]/g, '');
  if (text === '') return undefined;
  const match = DECIMAL.exec(text);
  if (!match) return Number.NaN;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return Number.NaN;
  const kept = (fraction + '00').slice(0, 2);
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const cents = Number(whole || '0') * 100 + Number(kept) + roundUp;
  if (!Number.isSafeInteger(cents)) return Number.NaN;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Cents → the plain decimal an input shows: 1999 → "19.99", 120000 → "1200.00". */
export function centsToDollars(cents: number): string {
  const value = Math.trunc(cents);
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}${whole}.${fraction}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string): Intl.NumberFormat {
  let found = formatters.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      // Prices are always US dollars (spec §9): a plain "$", not "US$", in every language.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, found);
  }
  return found;
}

/**
 * Cents as US dollars in the interface language's number style: `formatUsd(1999, 'en-US')`
 * is "$19.99", in es-ES "19,99 $", in zh-CN "$19.99". The one way the web writes money: every
 * price, balance, tile and sentence goes through it, always with cents, so one amount never
 * reads "999 $" on one page and "999,00 $" or "999,00 US$" on the next. The digits come from
 * `centsToDollars`, so a large amount never picks up float noise on the way.
 */
export function formatUsd(cents: number, locale: string): string {
  // Intl accepts a decimal string and formats it exactly (no float in between).
  return formatter(locale).format(centsToDollars(cents) as Intl.StringNumericLiteral);
}

const roundFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A round figure of the landing page's copy ("earn about $700 a month"), in whole dollars: an
 * estimate, never an amount anyone pays or is paid, which `formatUsd` writes. The same symbol
 * and its place as `formatUsd` in each language ("700 $", never "700 US$").
 */
export function formatUsdRound(dollars: number, locale: string): string {
  let found = roundFormatters.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
    roundFormatters.set(locale, found);
  }
  return found.format(Math.round(dollars));
}
