import { api, type RequestOf } from '@nearcast/contract';
import { call } from '../../../lib/api-client';

/** POST /v1/creative/script/add: a script written by hand on the desk, kept from its first whole version. */
export function addScript(body: RequestOf<typeof api.creative.scriptAdd>) {
  return call(api.creative.scriptAdd, body, { toast: false });
}
