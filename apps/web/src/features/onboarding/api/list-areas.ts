import { api, type RequestOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type AreaListRequest = RequestOf<typeof api.area.list>;

export const areaOptionsKey = (body: AreaListRequest) => ['onboarding', 'areas', body] as const;

/**
 * POST /v1/area/list (public): one level of the tree under a parent. No toast: the pickers show
 * a failed load in their own drop-down, where the user is looking.
 */
export function listAreas(body: AreaListRequest, signal?: AbortSignal) {
  return call(api.area.list, body, { toast: false, signal });
}

/**
 * A level of the tree for a picker; the tree barely changes, so a level is kept for minutes.
 * No placeholder data: another parent's children must never be offered, even for a moment.
 */
export function useAreaOptions(body: AreaListRequest, enabled: boolean) {
  return useQuery({
    queryKey: areaOptionsKey(body),
    queryFn: ({ signal }) => listAreas(body, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
