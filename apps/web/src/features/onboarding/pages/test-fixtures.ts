/**
 * The area tree the settle form's tests walk (one country, one state, two cities, one county
 * each) as /v1/area/list answers it, and the settle body a complete form sends, typed by the
 * contract.
 */
import { api, type Area, type RequestOf, type ResponseOf } from '@nearcast/contract';
import type { FakeApi } from '../../../test/page';

/** An area of the tree, with no code; a county has nothing under it unless `children` says otherwise. */
export const areaOf = (id: number, name: string, type: Area['type'], parent_id: number | null, children = type === 'county' ? 0 : 1): Area => ({
  id,
  name,
  code: '',
  type,
  parent_id,
  children,
  created_at: '2026-01-01T00:00:00.000Z',
});

export const unitedStates = areaOf(1, 'United States', 'country', null);
export const california = areaOf(5, 'California', 'state', 1);
export const losAngeles = areaOf(51, 'Los Angeles', 'city', 5);
export const laCounty = areaOf(511, 'Los Angeles County', 'county', 51);
export const sanDiego = areaOf(52, 'San Diego', 'city', 5);
export const sdCounty = areaOf(521, 'San Diego County', 'county', 52);

const TREE = [unitedStates, california, losAngeles, laCounty, sanDiego, sdCounty];

/** /v1/area/list over the tree: the children of a parent, of a type, matching a keyword. */
export function areaList(body: RequestOf<typeof api.area.list>): ResponseOf<typeof api.area.list> {
  const keyword = body.keyword?.toLowerCase();
  const list = TREE.filter(
    (node) =>
      (body.type === undefined || node.type === body.type) &&
      (body.parent_id === undefined || node.parent_id === body.parent_id) &&
      (!keyword || node.name.toLowerCase().includes(keyword)),
  );
  return { list, total: list.length, page: 1, page_size: body.page_size ?? 20 };
}

/** Has `server` answer /v1/area/list over the tree, as every settle form's test needs. */
export const answerAreas = (server: FakeApi) => server.on(api.area.list, (body) => ({ code: '200', data: areaList(body) }));

/** What the account holds once settled in Los Angeles: the names the form finds again. */
export const settledDetails = {
  name: 'Carmen Ruiz',
  phone: '3105550142',
  wechat: 'carmen_tacos',
  company_short_name: 'Carmen’s Tacos',
  company_full_name: 'Carmen’s Tacos LLC',
  tax_number: '12-3456789',
  country: 'United States',
  state: 'California',
  city: 'Los Angeles',
  county: 'Los Angeles County',
  address: '100 Sunset Blvd',
  zip_code: '90012',
};

/** The settle body of that account: ids for the places, the phone as ten digits. */
export const settledBody: RequestOf<typeof api.account.area> = {
  name: 'Carmen Ruiz',
  phone: '3105550142',
  company_short_name: 'Carmen’s Tacos',
  company_full_name: 'Carmen’s Tacos LLC',
  tax_number: '12-3456789',
  country_id: unitedStates.id,
  state_id: california.id,
  city_id: losAngeles.id,
  county_id: laCounty.id,
  address: '100 Sunset Blvd',
  zip_code: '90012',
  wechat: 'carmen_tacos',
};
