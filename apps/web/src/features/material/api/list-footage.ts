import { api, type Footage, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';
import { POLL_MS } from '../lib/processing';

export type FootageListQuery = RequestOf<typeof api.footage.list>;

/** POST /v1/footage/list: the materials the caller may see (a merchant its own; a studio or operator the active ones of its merchants). */
export function listFootage(query: FootageListQuery, signal?: AbortSignal) {
  return call(api.footage.list, query, { toast: false, signal });
}

/**
 * The list polls while one of its rows is still processing, so processing turns into active
 * (or failed) on screen without a reload, and stops as soon as none is.
 */
export function useFootageList(query: FootageListQuery, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.footage.list, query),
    queryFn: ({ signal }) => listFootage(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (current) => (current.state.data?.list.some((row: Footage) => row.status === 'processing') ? POLL_MS : false),
  });
}
