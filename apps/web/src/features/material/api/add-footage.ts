import { api, type RequestOf } from '@nearcast/contract';
import { call } from '../../../lib/api-client';

/** POST /v1/footage/add: a finished tus upload becomes a material (processing until the job has probed it). */
export function addFootage(body: RequestOf<typeof api.footage.add>, signal?: AbortSignal) {
  return call(api.footage.add, body, { toast: false, signal });
}
