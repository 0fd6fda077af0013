import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { endpointKey } from '../lib/query-keys';

export type AreaListRequest = RequestOf<typeof api.area.list>;

export const areaListKey = (body: AreaListRequest) => endpointKey(api.area.list, body);

/**
 * POST /v1/area/list (public): a page of the area tree under a parent, of a type, matching a
 * keyword. No toast: every screen that reads it shows a failed load where the user is looking.
 */
export function listAreas(body: AreaListRequest, signal?: AbortSignal) {
  return call(api.area.list, body, { toast: false, signal });
}

export interface AreaListOptions {
  enabled?: boolean;
  /** Keep the last answer on screen while the next loads (tables, searches); never for pickers
   *  whose options must not show another parent's children even for a moment. */
  keepPrevious?: boolean;
  staleTime?: number;
}

export function useAreaList(body: AreaListRequest, options: AreaListOptions = {}) {
  return useQuery({
    queryKey: areaListKey(body),
    queryFn: ({ signal }) => listAreas(body, signal),
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    staleTime: options.staleTime,
  });
}

/** The top of the tree (countries) and all states: small, stable lists that pickers and breadcrumbs read. */
export const COUNTRIES_REQUEST: AreaListRequest = { parent_id: null, page_size: 100 };
export const STATES_REQUEST: AreaListRequest = { type: 'state', page_size: 100 };
const STABLE = 10 * 60_000;

export function useCountries() {
  return useAreaList(COUNTRIES_REQUEST, { staleTime: STABLE });
}

export function useStates() {
  return useAreaList(STATES_REQUEST, { staleTime: STABLE });
}
