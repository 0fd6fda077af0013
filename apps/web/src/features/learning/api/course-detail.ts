import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/learn/course/get `{id}`: the course's lessons in order with the caller's progress. */
export function useCourseDetail(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.learn.courseGet, { id }),
    queryFn: ({ signal }) => call(api.learn.courseGet, { id: id! }, { toast: false, signal }),
    enabled: id !== null,
  });
}
