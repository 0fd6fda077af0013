import type { Area, AreaType } from '@nearcast/contract';
import type { AreaListRequest } from '../../../api/area-list';

/** A chosen place: its id for the request, its name for the picker before its list has loaded. */
export interface AreaChoice {
  id: number;
  name: string;
}

export interface AreaPath {
  country?: AreaChoice;
  state?: AreaChoice;
  city?: AreaChoice;
  county?: AreaChoice;
}

/** The place names an account carries (the account answers names, the form sends ids). */
export interface AreaNames {
  country: string;
  state: string;
  city: string;
  county: string;
}

export type AreaLister = (body: AreaListRequest) => Promise<{ list: Area[] }>;

const LEVELS: readonly (keyof AreaNames & AreaType)[] = ['country', 'state', 'city', 'county'];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Finds the ids of the places an account already names, one level at a time down the tree,
 * so a returning user sees them chosen. It stops at the first name that is empty or no longer
 * in the tree: a later level only means something under the earlier one.
 */
export async function resolveAreaPath(names: AreaNames, list: AreaLister): Promise<AreaPath> {
  const path: AreaPath = {};
  let parent: number | null = null;
  for (const level of LEVELS) {
    const name = names[level].trim();
    if (!name) break;
    const body: AreaListRequest =
      level === 'country' ? { parent_id: null, type: level, page_size: 100 } : { parent_id: parent, type: level, keyword: name, page_size: 100 };
    const { list: found } = await list(body);
    const match = found.find((area) => same(area.name, name));
    if (!match) break;
    path[level] = { id: match.id, name: match.name };
    parent = match.id;
  }
  return path;
}
