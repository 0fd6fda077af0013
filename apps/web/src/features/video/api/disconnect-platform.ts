import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { videoReads } from './video-reads';

/** POST /v1/video/disconnect: forgets a connection's tokens. */
export function disconnectPlatform(id: number) {
  return call(api.video.disconnect, { id });
}

export function useDisconnectPlatform() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectPlatform, onSuccess: () => invalidateEndpoints(queryClient, videoReads) });
}
