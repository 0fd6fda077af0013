import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { materialReads } from './material-reads';

/** POST /v1/footage/delete: the material and its stored files go. */
export function deleteFootage(id: number) {
  return call(api.footage.delete, { id }, { toast: false });
}

export function useDeleteFootage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFootage, onSuccess: () => invalidateEndpoints(queryClient, materialReads) });
}
