import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

type AreaListRequest = RequestOf<typeof api.area.list>;

/** POST /v1/area/list (public): a page of the area tree. */
export function listAreas(body: AreaListRequest, signal?: AbortSignal) {
  return call(api.area.list, body, { toast: false, signal });
}

const STATES: AreaListRequest = { type: 'state', page_size: 100 };
/** Enough cities to scroll; the search narrows a state's hundreds down. */
const CITY_PAGE = 50;

/** The 50 states and DC: small and stable. */
export function useStates() {
  return useQuery({
    queryKey: ['areas', STATES] as const,
    queryFn: ({ signal }) => listAreas(STATES, signal),
    staleTime: 10 * 60_000,
  });
}

/** The cities of a state matching a keyword; the last answer stays while the next loads. */
export function useCities(stateId: number | null, keyword: string) {
  const body: AreaListRequest = { parent_id: stateId, type: 'city', keyword: keyword || undefined, page_size: CITY_PAGE };
  return useQuery({
    queryKey: ['areas', body] as const,
    queryFn: ({ signal }) => listAreas(body, signal),
    enabled: stateId !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
