import type { PricePackage } from '@nearcast/contract';

type PackageType = PricePackage['type'];
import { centsToDollars, dollarsToCents } from '../../../lib/money';

type PackageStatus = PricePackage['status'];

/**
 * The package form's values. Fields are named as in the request (`base_price_cents`, …) so
 * the contract schema's and the server's field errors land under the right input; the three
 * price fields hold the dollars the admin typed, converted to cents on submit.
 */
export interface PackageFormValues {
  name?: string;
  tag?: string;
  type?: PackageType;
  base_price_cents?: string | number | null;
  actual_price_cents?: string | number | null;
  discount_cents?: string | number | null;
  monthly_credits?: number | null;
  button_color?: string;
  check_color?: string;
  gradient_start?: string;
  gradient_end?: string;
  learning_course?: string;
  features?: (string | null | undefined)[];
  status?: PackageStatus;
  sort_order?: number | null;
  /** Chinese and Spanish words; blank ones fall back to the English above (decision 020). */
  zh_name?: string;
  zh_tag?: string;
  /** One feature per line. */
  zh_features?: string;
  es_name?: string;
  es_tag?: string;
  es_features?: string;
}

/** The languages a package is translated into; English is its own fields. */
export const TRANSLATED = ['zh', 'es'] as const;

/** The most feature lines a package has (the contract's limit). */
export const MAX_FEATURES = 20;

/** The colours the contract gives a package that names none: the brand violet and cyan. */
export const DEFAULT_COLOURS = {
  button_color: '#7c5cff',
  check_color: '#22d3ee',
  gradient_start: '#7c5cff',
  gradient_end: '#22d3ee',
} as const;

/** A new package starts as an enabled business plan with the brand colours and one feature line. */
export function emptyPackageValues(type: PackageType = 'business'): PackageFormValues {
  return {
    name: '',
    tag: '',
    type,
    base_price_cents: null,
    actual_price_cents: null,
    discount_cents: null,
    monthly_credits: null,
    ...DEFAULT_COLOURS,
    learning_course: '',
    features: [''],
    status: 'enabled',
    sort_order: 0,
    zh_name: '',
    zh_tag: '',
    zh_features: '',
    es_name: '',
    es_tag: '',
    es_features: '',
  };
}

/** An existing package as form values: cents become the dollars an input shows. */
export function packageToValues(pkg: PricePackage): PackageFormValues {
  // The stored English, not the words shown in the admin's own language.
  const { en, zh, es } = pkg.texts;
  return {
    name: en.name,
    tag: en.tag,
    type: pkg.type,
    base_price_cents: centsToDollars(pkg.base_price_cents),
    actual_price_cents: centsToDollars(pkg.actual_price_cents),
    discount_cents: centsToDollars(pkg.discount_cents),
    monthly_credits: pkg.monthly_credits,
    button_color: pkg.button_color,
    check_color: pkg.check_color,
    gradient_start: pkg.gradient_start,
    gradient_end: pkg.gradient_end,
    learning_course: pkg.learning_course,
    features: en.features.length > 0 ? [...en.features] : [''],
    status: pkg.status,
    sort_order: pkg.sort_order,
    zh_name: zh.name,
    zh_tag: zh.tag,
    zh_features: zh.features.join('\n'),
    es_name: es.name,
    es_tag: es.tag,
    es_features: es.features.join('\n'),
  };
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const orUndefined = <T,>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/**
 * The request body the form stands for, still unchecked: the contract schema validates it
 * (and fills its defaults). Blank feature lines are rows the admin added and left empty, so
 * they are dropped rather than reported; a blank discount means none.
 */
export function valuesToBody(values: PackageFormValues) {
  return {
    name: values.name ?? '',
    tag: values.tag ?? '',
    type: values.type,
    base_price_cents: dollarsToCents(values.base_price_cents),
    actual_price_cents: dollarsToCents(values.actual_price_cents),
    discount_cents: dollarsToCents(values.discount_cents) ?? 0,
    monthly_credits: orUndefined(values.monthly_credits),
    button_color: values.button_color,
    check_color: values.check_color,
    gradient_start: values.gradient_start,
    gradient_end: values.gradient_end,
    learning_course: values.learning_course ?? '',
    features: (values.features ?? []).map((line) => (line ?? '').trim()).filter((line) => line !== ''),
    status: values.status,
    sort_order: orUndefined(values.sort_order),
    translations: {
      zh: { name: (values.zh_name ?? '').trim(), tag: (values.zh_tag ?? '').trim(), features: lines(values.zh_features) },
      es: { name: (values.es_name ?? '').trim(), tag: (values.es_tag ?? '').trim(), features: lines(values.es_features) },
    },
  };
}

/** Price fields left blank: the schema only says "must be a number", the form asks for the price. */
export function blankPriceFields(values: PackageFormValues): ('base_price_cents' | 'actual_price_cents')[] {
  return (['base_price_cents', 'actual_price_cents'] as const).filter((field) => dollarsToCents(values[field]) === undefined);
}

/**
 * The label colour for a `#rrggbb` button, so the preview stays legible whatever colour the
 * admin picks: white, the brand's choice on its violet, as long as it keeps WCAG's 3:1 for
 * bold button text; black on lighter colours (cyan, yellow, white).
 */
export function textColourOn(background: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white is 1.05 / (L + 0.05): at least 3 while L is at most 0.3.
  return luminance > 0.3 ? '#000000' : '#ffffff';
}
