import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { areaReads } from './area-reads';
import { invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/area/delete `{id}`; an area still in use answers '422' with the reason. */
export function deleteArea(id: number) {
  return call(api.area.delete, { id }, { toast: false });
}

export function useDeleteArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArea,
    onSuccess: () => invalidateEndpoints(queryClient, areaReads),
  });
}
