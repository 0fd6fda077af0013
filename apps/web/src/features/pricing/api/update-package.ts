import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';

/**
 * POST /v1/price/update (super): the fields sent change, the rest stay. The form sends them
 * all; the status switch sends only `{id, status}`. Errors are shown by the caller.
 */
export function updatePackage(body: RequestOf<typeof api.price.update>) {
  return call(api.price.update, body, { toast: false });
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    onSuccess: () => invalidateEndpoints(queryClient, [api.price.list, api.price.get]),
  });
}
