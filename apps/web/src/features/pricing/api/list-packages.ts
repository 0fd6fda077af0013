import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { pricingKeys } from './keys';

export type PackageListQuery = RequestOf<typeof api.price.list>;

/**
 * POST /v1/price/list: as the super admin, every package, enabled or not, filtered by type,
 * status and name. The page shows its own error state, so no toast.
 */
export function listPackages(query: PackageListQuery, signal?: AbortSignal) {
  return call(api.price.list, query, { toast: false, signal });
}

export function usePackages(query: PackageListQuery) {
  return useQuery({
    queryKey: pricingKeys.list(query),
    queryFn: ({ signal }) => listPackages(query, signal),
    placeholderData: keepPreviousData,
  });
}
