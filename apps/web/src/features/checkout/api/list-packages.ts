import { api, type PricePackage, type RequestOf } from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { checkoutKey } from './keys';

export type PackageType = PricePackage['type'];

/** One page holds every package of a type: the catalogue is a handful, not a table. */
const ALL = 100;

/** POST /v1/price/list: the enabled packages of a type, priced for the caller. */
export function listPackages(type: PackageType, signal?: AbortSignal) {
  const body: RequestOf<typeof api.price.list> = { type, status: 'enabled', page_size: ALL };
  return call(api.price.list, body, { toast: false, signal });
}

/**
 * The packages of a type. `viewer` (the signed-in user's id, or null) is part of the key: the
 * answer is priced for the caller, so a sign-in must not reuse a visitor's prices.
 */
export function usePackages(type: PackageType | null, viewer: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...checkoutKey, 'packages', type, viewer] as const,
    queryFn: ({ signal }) => listPackages(type!, signal),
    enabled: type !== null && (options.enabled ?? true),
  });
}
