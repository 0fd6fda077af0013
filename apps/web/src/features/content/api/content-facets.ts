import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/content/facets (super, admin): the authors and tags in use, for the filters. */
export function useContentFacets() {
  return useQuery({
    queryKey: endpointKey(api.content.facets, {}),
    queryFn: ({ signal }) => call(api.content.facets, {}, { toast: false, signal }),
    staleTime: 60_000,
  });
}
