import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/footage/delete: the material and its stored files go. */
export function deleteFootage(id: number) {
  return call(api.footage.delete, { id }, { toast: false });
}

export function useDeleteFootage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFootage,
    onSuccess: (_data, id) => {
      // The deleted one is not asked for again (it would only answer not-found); the rest refresh.
      queryClient.removeQueries({ queryKey: endpointKey(api.footage.get, { id }) });
      return invalidateEndpoints(queryClient, [api.footage.list, api.footage.count, api.footage.storage]);
    },
  });
}
