import { describe, expect, it } from 'vitest';
import { activeFilterCount, cleanTags, isNarrowed, toMaterialQuery } from './filters';

describe('toMaterialQuery', () => {
  it('sends only what is set, the keyword trimmed and the days as a range', () => {
    expect(toMaterialQuery({})).toEqual({});
    expect(toMaterialQuery({ keyword: '  lunch ', type: 'video', status: 'active', uploaded: ['2026-11-01', '2026-11-23'], merchant_id: 7 })).toEqual({
      keyword: 'lunch',
      type: 'video',
      status: 'active',
      date_from: '2026-11-01',
      date_to: '2026-11-23',
      merchant_id: 7,
    });
    expect(toMaterialQuery({ keyword: '   ', merchant_id: null, uploaded: null })).toEqual({});
  });
});

describe('activeFilterCount and isNarrowed', () => {
  it('count the folding filters, not the keyword', () => {
    expect(activeFilterCount({ keyword: 'x', type: 'image', usage: 'failed' })).toBe(2);
    expect(activeFilterCount({ merchant_id: null })).toBe(0);
  });

  it('tell a filtered empty page from an empty library', () => {
    expect(isNarrowed({})).toBe(false);
    expect(isNarrowed({ keyword: 'x' })).toBe(true);
  });
});

describe('cleanTags', () => {
  it('trims, drops empties and repeats whatever their case, and keeps the order typed', () => {
    expect(cleanTags([' lunch', 'Lunch', '', 'storefront ', 'staff'])).toEqual(['lunch', 'storefront', 'staff']);
  });
});
