import type { Area, AreaType } from '@nearcast/contract';
import type { AreaListRequest } from '../../../api/area-list';

/** One step of the drill-down breadcrumb: an area whose children are on screen. */
export type AreaCrumb = Pick<Area, 'id' | 'name' | 'type' | 'parent_id'>;

export interface AreaView {
  /** From the top of the tree to the area whose children are listed; empty at the top. */
  trail: readonly AreaCrumb[];
  /** A type filter lists that type across the whole tree (the trail is then empty). */
  type?: AreaType;
  keyword: string;
  page: number;
  pageSize: number;
}

export const AREA_PAGE_SIZE = 20;

export const INITIAL_AREA_VIEW: AreaView = { trail: [], keyword: '', page: 1, pageSize: AREA_PAGE_SIZE };

/**
 * The list request for what the page shows. Inside a drill-down: the children of the last
 * crumb, narrowed by the keyword. At the top with no filter: the top of the tree (countries).
 * At the top with a type or a keyword: a search across the whole tree.
 */
export function areaListRequest(view: AreaView): AreaListRequest {
  const parent = view.trail.at(-1);
  const keyword = view.keyword.trim();
  const request: AreaListRequest = { page: view.page, page_size: view.pageSize };
  if (parent) request.parent_id = parent.id;
  else if (!keyword && !view.type) request.parent_id = null;
  if (view.type) request.type = view.type;
  if (keyword) request.keyword = keyword;
  return request;
}

export function toCrumb(area: AreaCrumb): AreaCrumb {
  return { id: area.id, name: area.name, type: area.type, parent_id: area.parent_id };
}

/**
 * The breadcrumb that opens `area`: its ancestors as far as `known` areas (the current trail,
 * the countries, the states) can name them, then the area itself. A search result deep in the
 * tree thus opens with its real path, United States › California › Los Angeles.
 */
export function trailTo(area: AreaCrumb, known: readonly AreaCrumb[]): AreaCrumb[] {
  const byId = new Map(known.map((item) => [item.id, item]));
  const trail: AreaCrumb[] = [toCrumb(area)];
  const seen = new Set<number>([area.id]);
  let parentId = area.parent_id;
  while (parentId !== null) {
    const parent = byId.get(parentId);
    if (!parent || seen.has(parent.id)) break;
    trail.unshift(toCrumb(parent));
    seen.add(parent.id);
    parentId = parent.parent_id;
  }
  return trail;
}

/** The view right after a city was added: its state opened, filtered to the new name. */
export function viewAfterAdd(city: Pick<Area, 'name'>, state: AreaCrumb, known: readonly AreaCrumb[]): AreaView {
  return { ...INITIAL_AREA_VIEW, trail: trailTo(state, known), keyword: city.name };
}

/** The state a new city would most likely go in: the one being browsed, if any. */
export function stateInTrail(trail: readonly AreaCrumb[]): AreaCrumb | undefined {
  return trail.find((crumb) => crumb.type === 'state');
}
