import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';

/**
 * POST /v1/price/delete `{id}` (super). Orders keep the package's name and price as sold, so
 * deleting a package never rewrites history. Errors are shown by the caller.
 */
export function deletePackage(id: number) {
  return call(api.price.delete, { id }, { toast: false });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: () => invalidateEndpoints(queryClient, [api.price.list, api.price.get]),
  });
}
