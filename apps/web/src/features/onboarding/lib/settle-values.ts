import type { CurrentUser } from '@nearcast/contract';
import type { AreaPath } from './area-path';

/** The city picker searches the server, so its value keeps its label (antd labelInValue). */
export interface CityValue {
  value: number;
  label: string;
}

/** The settle form's fields, named like the request so server errors land under them. */
export interface SettleValues {
  name?: string;
  phone?: string;
  company_short_name?: string;
  company_full_name?: string;
  tax_number?: string;
  country_id?: number;
  state_id?: number;
  city_id?: CityValue;
  county_id?: number;
  address?: string;
  zip_code?: string;
  wechat?: string;
}

/** What the account already holds, so nothing known is asked twice. */
export function settleInitialValues(user: CurrentUser | null, path: AreaPath): SettleValues {
  return {
    name: user?.name ?? '',
    phone: user?.phone ?? '',
    company_short_name: user?.company_short_name ?? '',
    company_full_name: user?.company_full_name ?? '',
    tax_number: user?.tax_number ?? '',
    country_id: path.country?.id,
    state_id: path.state?.id,
    city_id: path.city ? { value: path.city.id, label: path.city.name } : undefined,
    county_id: path.county?.id,
    address: user?.address ?? '',
    zip_code: user?.zip_code ?? '',
    wechat: user?.wechat ?? '',
  };
}

/**
 * The form's values in the request's shape, unvalidated: the contract's `settleRequest` then
 * decides (and words) what is missing or malformed, exactly as the server will.
 */
export function settleInput(values: SettleValues): Record<string, unknown> {
  return {
    name: values.name ?? '',
    phone: values.phone ?? '',
    company_short_name: values.company_short_name ?? '',
    company_full_name: values.company_full_name ?? '',
    tax_number: values.tax_number ?? '',
    country_id: values.country_id,
    state_id: values.state_id,
    city_id: values.city_id?.value,
    county_id: values.county_id,
    address: values.address ?? '',
    zip_code: values.zip_code ?? '',
    wechat: values.wechat ?? '',
  };
}

/** Which fields a change of place empties: a place only means something under its parent. */
export function dependentAreaFields(changed: Partial<SettleValues>): (keyof SettleValues)[] {
  if ('country_id' in changed) return ['state_id', 'city_id', 'county_id'];
  if ('state_id' in changed) return ['city_id', 'county_id'];
  if ('city_id' in changed) return ['county_id'];
  return [];
}
