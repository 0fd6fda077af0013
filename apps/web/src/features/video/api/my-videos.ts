import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type MineQuery = RequestOf<typeof api.video.mine>;

/** POST /v1/video/mine: the signed-in merchant's published videos and their numbers. */
export function getMyVideos(query: MineQuery, signal?: AbortSignal) {
  return call(api.video.mine, query, { toast: false, signal });
}

export function useMyVideos(query: MineQuery) {
  return useQuery({ queryKey: endpointKey(api.video.mine, query), queryFn: ({ signal }) => getMyVideos(query, signal), placeholderData: keepPreviousData });
}
