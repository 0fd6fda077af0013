import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';

/** POST /v1/price/add (super): a new package. Errors are shown by the form. */
export function addPackage(body: RequestOf<typeof api.price.add>) {
  return call(api.price.add, body, { toast: false });
}

export function useAddPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPackage,
    onSuccess: () => invalidateEndpoints(queryClient, [api.price.list, api.price.get]),
  });
}
