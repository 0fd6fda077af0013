import { describe, expect, it } from 'vitest';
import { isFiltered, toListQuery } from './list-query';

describe('toListQuery', () => {
  it('drops empty filters', () => {
    expect(toListQuery({})).toEqual({});
    expect(toListQuery({ keyword: '   ', registered: null })).toEqual({});
  });

  it('trims the keyword and keeps the chosen states', () => {
    expect(toListQuery({ keyword: ' carmen ', pay_state: 'expired', info_status: 0 })).toEqual({
      keyword: 'carmen',
      pay_state: 'expired',
      info_status: 0,
    });
  });

  it('spreads the registration range over its two request fields', () => {
    expect(toListQuery({ registered: ['2025-01-01', '2025-01-31'] })).toEqual({
      registered_from: '2025-01-01',
      registered_to: '2025-01-31',
    });
  });
});

describe('isFiltered', () => {
  it('is false for a query of empty filters', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ keyword: '', agent_id: undefined, studio_id: null })).toBe(false);
  });

  it('is true once one filter has a value, zero included', () => {
    expect(isFiltered({ info_status: 0 })).toBe(true);
    expect(isFiltered({ role: 'client' })).toBe(true);
  });
});
