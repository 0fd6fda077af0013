import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type OperatorListQuery = RequestOf<typeof api.operator.list>;

/** POST /v1/operator/list: a partner's employees (staff see all; used by the operator picker too). */
export function listOperators(query: OperatorListQuery, signal?: AbortSignal) {
  return call(api.operator.list, query, { toast: false, signal });
}

export function useOperators(query: OperatorListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: endpointKey(api.operator.list, query),
    queryFn: ({ signal }) => listOperators(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
