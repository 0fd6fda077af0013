import { api, type PricePackage } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { blankPriceFields, emptyPackageValues, packageToValues, textColourOn, valuesToBody } from './package-form';

const stored: PricePackage = {
  id: 7,
  name: 'Local Growth',
  tag: 'Most popular',
  type: 'business',
  base_price_cents: 120_000,
  actual_price_cents: 99_900,
  discount_cents: 10_000,
  monthly_credits: 150,
  button_color: '#7c5cff',
  check_color: '#22d3ee',
  gradient_start: '#7c5cff',
  gradient_end: '#22d3ee',
  learning_course: 'Short-video marketing',
  features: ['About 5 videos a day', 'Within 3 km of your store'],
  status: 'enabled',
  sort_order: 1,
  create_time: '2025-01-01T00:00:00.000Z',
  payable_cents: 89_900,
  first_purchase: true,
  texts: {
    en: { name: 'Local Growth', tag: 'Most popular', features: ['About 5 videos a day', 'Within 3 km of your store'] },
    zh: { name: '本地增长', tag: '', features: ['每天约 5 条视频'] },
    es: { name: '', tag: '', features: [] },
  },
};

const issuesOf = (body: unknown) => {
  const result = api.price.add.request.safeParse(body);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('valuesToBody', () => {
  it('turns the dollars typed into exact cents the add schema accepts', () => {
    const body = valuesToBody({
      ...emptyPackageValues('addon'),
      name: ' Starter ',
      base_price_cents: '29.99',
      actual_price_cents: '19.99',
      discount_cents: '4.35',
      monthly_credits: 40,
      features: ['  30 videos ', '', null, 'Any platform'],
    });
    const parsed = api.price.add.request.parse(body);
    expect(parsed).toMatchObject({
      name: 'Starter',
      type: 'addon',
      base_price_cents: 2999,
      actual_price_cents: 1999,
      discount_cents: 435,
      monthly_credits: 40,
      features: ['30 videos', 'Any platform'],
      status: 'enabled',
      button_color: '#7c5cff',
    });
  });

  it('leaves the name check to the contract: a blank name is "pricing.name_required"', () => {
    const body = valuesToBody({ ...emptyPackageValues(), base_price_cents: '10', actual_price_cents: '10' });
    expect(issuesOf(body)).toEqual({ name: 'pricing.name_required' });
  });

  it('lets the contract refuse an actual price above the base and a discount above the actual price', () => {
    const values = { ...emptyPackageValues(), name: 'A', base_price_cents: '10.00', actual_price_cents: '10.01', discount_cents: '0' };
    expect(issuesOf(valuesToBody(values))).toEqual({ actual_price_cents: 'pricing.actual_above_base' });
    expect(issuesOf(valuesToBody({ ...values, actual_price_cents: '5', discount_cents: '5.01' }))).toEqual({
      discount_cents: 'pricing.discount_too_big',
    });
  });

  it('reports blank prices as such and text as not a number', () => {
    const values = { ...emptyPackageValues(), name: 'A', base_price_cents: '', actual_price_cents: 'abc' };
    expect(blankPriceFields(values)).toEqual(['base_price_cents']);
    expect(issuesOf(valuesToBody(values))).toEqual({
      base_price_cents: 'validation.expected_number',
      actual_price_cents: 'validation.expected_number',
    });
  });

  it('edits round-trip: a stored package becomes values and the same body again', () => {
    // What the server computes (time, payable price) is not part of a request.
    const computed = ['create_time', 'payable_cents', 'first_purchase', 'texts'];
    const editable = Object.fromEntries(Object.entries(stored).filter(([key]) => !computed.includes(key)));
    const body = api.price.update.request.parse({ id: stored.id, ...valuesToBody(packageToValues(stored)) });
    // The stored words of every language go back as they came: English in the fields, the others as translations.
    expect(body).toEqual({ ...editable, translations: { zh: stored.texts.zh, es: stored.texts.es } });
  });
});

describe('textColourOn', () => {
  it.each([
    ['#ffffff', '#000000'],
    ['#22d3ee', '#000000'],
    ['#7c5cff', '#ffffff'],
    ['#000000', '#ffffff'],
    ['#0a0a12', '#ffffff'],
    ['#ffd400', '#000000'],
  ])('on %s the label is %s', (background, text) => {
    expect(textColourOn(background)).toBe(text);
  });
});

describe('package texts per language', () => {
  it('edits the stored English, not the words shown in the admin language, and each translation', () => {
    // Listed in Chinese, the package's shown name is Chinese; the form still edits the English.
    const values = packageToValues({ ...stored, name: '本地增长', features: ['每天约 5 条视频'] });
    expect(values).toMatchObject({ name: 'Local Growth', zh_name: '本地增长', zh_features: '每天约 5 条视频', es_name: '' });
    expect(values.features).toEqual(['About 5 videos a day', 'Within 3 km of your store']);
  });

  it('sends one feature per non-empty line, and blank words for the English to stand in', () => {
    const body = valuesToBody({ ...packageToValues(stored), es_name: ' Crecimiento local ', es_features: 'Unos 5 vídeos al día\n\n  A 3 km de tu tienda  ' });
    expect(body.translations).toEqual({
      zh: { name: '本地增长', tag: '', features: ['每天约 5 条视频'] },
      es: { name: 'Crecimiento local', tag: '', features: ['Unos 5 vídeos al día', 'A 3 km de tu tienda'] },
    });
    expect(issuesOf(body)).toEqual({});
  });
});
