import { api, type Render, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type RenderListQuery = RequestOf<typeof api.creative.renderList>;

/** POST /v1/creative/render/list: renders in the caller's scope (a merchant: its own). */
export function listRenders(query: RenderListQuery, signal?: AbortSignal) {
  return call(api.creative.renderList, query, { toast: false, signal });
}

/** Read again a minute before the first signed video or cover URL on screen stops working. */
function untilFirstExpiry(list: readonly Render[]): number | false {
  const expiries = list.flatMap((render) => (render.url_expires_at ? [dayjs(render.url_expires_at).diff(dayjs(), 'ms') - 60_000] : []));
  return expiries.length > 0 ? Math.max(30_000, Math.min(...expiries)) : false;
}

export function useRenders(query: RenderListQuery, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.creative.renderList, query),
    queryFn: ({ signal }) => listRenders(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (current) => (current.state.data ? untilFirstExpiry(current.state.data.list) : false),
  });
}
