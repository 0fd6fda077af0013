import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type ConnectionsQuery = RequestOf<typeof api.video.connections>;

/** POST /v1/video/connections: merchants in the caller's scope, each with its state on every platform. */
export function listConnections(query: ConnectionsQuery, signal?: AbortSignal) {
  return call(api.video.connections, query, { toast: false, signal });
}

export function useConnections(query: ConnectionsQuery, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.video.connections, query),
    queryFn: ({ signal }) => listConnections(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
