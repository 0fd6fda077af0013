import { api } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/price/get: one enabled package, priced for the caller. Errors are shown by the page. */
export function getPackage(id: number, signal?: AbortSignal) {
  return call(api.price.get, { id }, { toast: false, signal });
}

/** One package; `viewer` keys the caller's own prices (see usePriceList). */
export function usePackage(id: number | null, viewer: number | null) {
  return useQuery({
    // The language too: the package's words come in it (decision 020).
    queryKey: endpointKey(api.price.get, id, viewer, currentLanguage()),
    queryFn: ({ signal }) => getPackage(id!, signal),
    enabled: id !== null,
  });
}
