import { api, type Language } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/**
 * POST /v1/learn/course (spec §7): the caller's courses — bought with a package, open to its
 * role, or (staff) every published one — one per course in the reader's language where it
 * exists. The page shows failures itself.
 */
export function useMyCourses(language: Language) {
  return useQuery({
    queryKey: endpointKey(api.learn.course, { language }),
    queryFn: ({ signal }) => call(api.learn.course, { language }, { toast: false, signal }),
  });
}
