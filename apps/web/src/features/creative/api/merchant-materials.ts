import { api, type FootageType, type RequestOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** More than a merchant's library of one kind usually holds; a picker needs no paging. */
const PAGE_SIZE = 100;

type FootageQuery = RequestOf<typeof api.footage.list>;

/**
 * The body of POST /v1/footage/list for a merchant's active materials of one type. A merchant
 * reads its own without naming itself; its studio, staff and operators name it.
 */
export function materialsQuery(merchantId: number | undefined, type: FootageType): FootageQuery {
  return { ...(merchantId ? { merchant_id: merchantId } : {}), type, status: 'active', page: 1, page_size: PAGE_SIZE, sort: 'newest' };
}

export function listMaterials(query: FootageQuery, signal?: AbortSignal) {
  return call(api.footage.list, query, { toast: false, signal });
}

/** `enabled` false for a role the material list does not answer (it would sign the user out). */
export function useMaterials(merchantId: number | undefined, type: FootageType, enabled = true) {
  const query = materialsQuery(merchantId, type);
  return useQuery({
    queryKey: endpointKey(api.footage.list, query),
    queryFn: ({ signal }) => listMaterials(query, signal),
    enabled,
  });
}
