import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { areaReads } from './area-reads';
import { invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/area/zone/delete `{id}`. */
export function deleteZone(id: number) {
  return call(api.area.zoneDelete, { id }, { toast: false });
}

export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSuccess: () => invalidateEndpoints(queryClient, areaReads),
  });
}
