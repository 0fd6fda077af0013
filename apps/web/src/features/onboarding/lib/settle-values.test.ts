import { settleRequest, type CurrentUser } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { dependentAreaFields, settleInitialValues, settleInput } from './settle-values';

describe('settle form values', () => {
  it('prefills what the account holds and the places found for it', () => {
    const user = { name: 'Ana', phone: '3105550142', company_short_name: 'Flores', company_full_name: '', tax_number: '', address: '', zip_code: '', wechat: 'ana_flores' } as CurrentUser;
    const values = settleInitialValues(user, { country: { id: 1, name: 'United States' }, city: { id: 3, name: 'Beverly Hills' } });
    expect(values).toMatchObject({ name: 'Ana', phone: '3105550142', company_short_name: 'Flores', wechat: 'ana_flores', country_id: 1 });
    expect(values.city_id).toEqual({ value: 3, label: 'Beverly Hills' });
    expect(values.state_id).toBeUndefined();
  });

  it('sends the city id, and lets the contract word every missing field', () => {
    const input = settleInput({ city_id: { value: 3, label: 'Beverly Hills' } });
    expect(input.city_id).toBe(3);
    const result = settleRequest.safeParse(input);
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]));
    expect([...fields].sort()).toEqual(
      ['address', 'company_full_name', 'company_short_name', 'country_id', 'county_id', 'name', 'phone', 'state_id', 'tax_number', 'wechat', 'zip_code'].sort(),
    );
  });

  it('empties the places below a changed one', () => {
    expect(dependentAreaFields({ country_id: 1 })).toEqual(['state_id', 'city_id', 'county_id']);
    expect(dependentAreaFields({ state_id: 2 })).toEqual(['city_id', 'county_id']);
    expect(dependentAreaFields({ city_id: { value: 3, label: 'x' } })).toEqual(['county_id']);
    expect(dependentAreaFields({ county_id: 4 })).toEqual([]);
    expect(dependentAreaFields({ name: 'Ana' })).toEqual([]);
  });
});
