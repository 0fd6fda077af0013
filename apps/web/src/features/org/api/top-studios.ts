import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type TopStudiosRequest = RequestOf<typeof api.studio.top>;
export type TopBy = NonNullable<TopStudiosRequest['by']>;

export const topStudiosKey = (body: TopStudiosRequest) => endpointKey(api.studio.top, body);

/** POST /v1/studio/top: the caller's best studios by clients or by sales. */
export function getTopStudios(body: TopStudiosRequest, signal?: AbortSignal) {
  return call(api.studio.top, body, { signal });
}

export function useTopStudios(body: TopStudiosRequest) {
  return useQuery({ queryKey: topStudiosKey(body), queryFn: ({ signal }) => getTopStudios(body, signal), placeholderData: keepPreviousData });
}
