import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { areaReads } from './area-reads';
import { invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/area/zone/add: a zone name, one state and cities of that state. Errors are shown by the form. */
export function addZone(body: RequestOf<typeof api.area.zoneAdd>) {
  return call(api.area.zoneAdd, body, { toast: false });
}

export function useAddZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addZone,
    onSuccess: () => invalidateEndpoints(queryClient, areaReads),
  });
}
