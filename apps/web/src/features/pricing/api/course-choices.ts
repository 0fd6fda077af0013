import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** The largest page the course list serves: a hundred rows, a few dozen courses in their languages. */
const BODY = { page: 1, page_size: 100 } as const;

/**
 * POST /v1/learn/course/list (super, admin) for the package form's course picker: every course
 * in every status, since a package may name a course before it is published. The picker shows
 * a failure itself and still lets the admin keep the current value.
 */
export function useCourseChoices() {
  return useQuery({
    queryKey: endpointKey(api.learn.courseList, BODY),
    queryFn: ({ signal }) => call(api.learn.courseList, BODY, { toast: false, signal }),
    staleTime: 60_000,
  });
}
