import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type AreaListRequest = RequestOf<typeof api.area.list>;

/** Every area and zone query starts with this key, so a change can refresh them all at once. */
export const territoryKey = ['territory'] as const;
export const areaListKey = (body: AreaListRequest) => [...territoryKey, 'areas', body] as const;

/** POST /v1/area/list: a page of areas under a parent, of a type, matching a keyword. */
export function listAreas(body: AreaListRequest, signal?: AbortSignal) {
  return call(api.area.list, body, { signal });
}

/** A page of the tree; the previous page stays on screen while the next one loads. */
export function useAreas(body: AreaListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: areaListKey(body),
    queryFn: ({ signal }) => listAreas(body, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The top of the tree (countries) and all states: small, stable lists pickers and breadcrumbs read. */
export const COUNTRIES_REQUEST: AreaListRequest = { parent_id: null, page_size: 100 };
export const STATES_REQUEST: AreaListRequest = { type: 'state', page_size: 100 };

export function useCountries() {
  return useQuery({ queryKey: areaListKey(COUNTRIES_REQUEST), queryFn: ({ signal }) => listAreas(COUNTRIES_REQUEST, signal), staleTime: 5 * 60_000 });
}

export function useStates() {
  return useQuery({ queryKey: areaListKey(STATES_REQUEST), queryFn: ({ signal }) => listAreas(STATES_REQUEST, signal), staleTime: 5 * 60_000 });
}
