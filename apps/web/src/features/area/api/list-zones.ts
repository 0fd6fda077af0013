import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

export type ZoneListRequest = RequestOf<typeof api.area.zone>;

export const zoneListKey = (body: ZoneListRequest) => endpointKey(api.area.zone, body);

/** POST /v1/area/zone: a page of sales zones, each with its state and cities. */
export function listZones(body: ZoneListRequest, signal?: AbortSignal) {
  return call(api.area.zone, body, { toast: false, signal });
}

export function useZones(body: ZoneListRequest) {
  return useQuery({ queryKey: zoneListKey(body), queryFn: ({ signal }) => listZones(body, signal), placeholderData: keepPreviousData });
}
