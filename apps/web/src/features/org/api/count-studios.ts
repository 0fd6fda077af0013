import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { orgKeys } from './keys';

/** POST /v1/studio/count: studios in scope by payment state, and the new ones this month. */
export function countStudios() {
  return call(api.studio.count, {}, { toast: false });
}

export function useStudioCount() {
  return useQuery({ queryKey: orgKeys.studioCount, queryFn: countStudios });
}
