import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { materialReads } from './material-reads';

/** POST /v1/footage/mark: the studio or operator says what became of a material (pending, completed, failed with a reason). */
export function markFootage(body: RequestOf<typeof api.footage.mark>) {
  return call(api.footage.mark, body, { toast: false });
}

export function useMarkFootage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markFootage, onSuccess: () => invalidateEndpoints(queryClient, materialReads) });
}
