import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { materialReads } from './material-reads';

/** POST /v1/footage/update: rename, tags and the note for the studio. */
export function updateFootage(body: RequestOf<typeof api.footage.update>) {
  return call(api.footage.update, body, { toast: false });
}

export function useUpdateFootage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFootage, onSuccess: () => invalidateEndpoints(queryClient, materialReads) });
}

/** POST /v1/footage/activate or /deactivate: inactive is hidden from the studio and kept. */
export function setFootageActive({ id, active }: { id: number; active: boolean }) {
  return call(active ? api.footage.activate : api.footage.deactivate, { id }, { toast: false });
}

export function useSetFootageActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setFootageActive, onSuccess: () => invalidateEndpoints(queryClient, materialReads) });
}
