import { api, type RequestOf } from '@nearcast/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /v1/creative/script/generate: one to five scripts in one language, written from the brief. */
export function generateScripts(body: RequestOf<typeof api.creative.scriptGenerate>) {
  return call(api.creative.scriptGenerate, body, { toast: false });
}

export function useGenerateScripts() {
  return useMutation({ mutationFn: generateScripts });
}
