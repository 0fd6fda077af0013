import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/**
 * POST /v1/footage/list for the composer: a merchant's active videos, the ones a post can be made
 * from (the material center's own list polls and pages; this one needs neither).
 */
export function listMaterialOptions(merchantId: number, signal?: AbortSignal) {
  return call(api.footage.list, { merchant_id: merchantId, type: 'video', status: 'active', page: 1, page_size: 100, sort: 'newest' }, { toast: false, signal });
}

export function useMaterialOptions(merchantId: number | null) {
  return useQuery({
    queryKey: endpointKey(api.footage.list, { merchant_id: merchantId, type: 'video', status: 'active', page: 1, page_size: 100, sort: 'newest' }),
    queryFn: ({ signal }) => listMaterialOptions(merchantId!, signal),
    enabled: merchantId !== null,
  });
}
