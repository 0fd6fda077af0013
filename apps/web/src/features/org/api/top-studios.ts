import { api, type RequestOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { orgKeys } from './keys';

export type StudioTopQuery = RequestOf<typeof api.studio.top>;

/** POST /v1/studio/top `{by, limit}`: the leading studios by clients or by sales. */
export function topStudios(query: StudioTopQuery) {
  return call(api.studio.top, query, { toast: false });
}

export function useTopStudios(query: StudioTopQuery) {
  return useQuery({ queryKey: orgKeys.studioTop(query), queryFn: () => topStudios(query) });
}
