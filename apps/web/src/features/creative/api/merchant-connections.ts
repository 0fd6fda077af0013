import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/video/connections for one merchant: the platforms a draft can be approved to. */
export function useMerchantConnections(merchantId: number, enabled: boolean) {
  const query = { merchant_id: merchantId, page: 1, page_size: 1 };
  return useQuery({
    queryKey: endpointKey(api.video.connections, query),
    queryFn: ({ signal }) => call(api.video.connections, query, { toast: false, signal }),
    enabled,
  });
}
