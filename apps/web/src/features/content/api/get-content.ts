import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/content/get (super, admin): one item of any type and status, with its body. */
export function getContent(id: number, signal?: AbortSignal) {
  return call(api.content.get, { id }, { toast: false, signal });
}

export function useContent(id: number | null) {
  return useQuery({
    queryKey: endpointKey(api.content.get, { id }),
    queryFn: ({ signal }) => getContent(id!, signal),
    enabled: id !== null,
    // The signed image and cover links expire after an hour; a reopened editor gets fresh ones.
    staleTime: 5 * 60_000,
  });
}
