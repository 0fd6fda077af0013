import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { areaReads } from './area-reads';
import { invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/area/add: a new area (here: a city under a state). Errors are shown by the form. */
export function addArea(body: RequestOf<typeof api.area.add>) {
  return call(api.area.add, body, { toast: false });
}

export function useAddArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addArea,
    onSuccess: () => invalidateEndpoints(queryClient, areaReads),
  });
}
