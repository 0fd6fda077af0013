import { api, type RequestOf } from '@nearcast/contract';
import { call } from '../../../lib/api-client';

/** POST /v1/video/connect/callback: hands the platform's `code` and `state` back to the server, which exchanges them. */
export function connectCallback(body: RequestOf<typeof api.video.connectCallback>, signal?: AbortSignal) {
  return call(api.video.connectCallback, body, { toast: false, signal });
}
