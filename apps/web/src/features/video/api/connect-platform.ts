import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/video/connect: the platform's authorization URL (state and PKCE kept on the server). */
export function connectPlatform(body: RequestOf<typeof api.video.connect>) {
  return call(api.video.connect, body);
}

export function useConnectPlatform() {
  return useMutation({ mutationFn: connectPlatform });
}
