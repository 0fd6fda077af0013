import type { api, Area, RequestOf } from '@nearcast/contract';

/**
 * A small area tree shared by the area and zone pages' tests: one country, two states, and the
 * cities of California, one of which has a county under it.
 */
const at = '2026-01-05T08:00:00.000Z';

export const usa: Area = { id: 1, name: 'Estados Unidos', code: 'US', type: 'country', parent_id: null, children: 2, created_at: at };
export const california: Area = { id: 10, name: 'California', code: 'CA', type: 'state', parent_id: 1, children: 2, created_at: at, parent_name: 'Estados Unidos', state_name: null };
export const nevada: Area = { id: 11, name: 'Nevada', code: 'NV', type: 'state', parent_id: 1, children: 1, created_at: at, parent_name: 'Estados Unidos', state_name: null };
export const losAngeles: Area = { id: 100, name: 'Los Angeles', code: '', type: 'city', parent_id: 10, children: 1, created_at: at, parent_name: 'California', state_name: 'California' };
export const fresno: Area = { id: 101, name: 'Fresno', code: '', type: 'city', parent_id: 10, children: 0, created_at: at, parent_name: 'California', state_name: 'California' };
export const reno: Area = { id: 110, name: 'Reno', code: '', type: 'city', parent_id: 11, children: 0, created_at: at, parent_name: 'Nevada', state_name: 'Nevada' };

const tree = [usa, california, nevada, losAngeles, fresno, reno];

/**
 * What /v1/area/list answers for a request, as the server would: the children of a parent (the
 * top of the tree for `parent_id: null`), narrowed by type and keyword; without a parent, a
 * search over the whole tree.
 */
export function areasFor(body: RequestOf<typeof api.area.list>) {
  const keyword = body.keyword?.toLowerCase();
  const list = tree.filter(
    (area) =>
      (body.parent_id === undefined || area.parent_id === body.parent_id) &&
      (!body.type || area.type === body.type) &&
      (!keyword || area.name.toLowerCase().includes(keyword)),
  );
  return { list, total: list.length, page: body.page ?? 1, page_size: body.page_size ?? 20 };
}
