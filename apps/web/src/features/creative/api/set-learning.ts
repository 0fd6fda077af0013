import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { learningKey } from './get-learning';

/** POST /v1/creative/learning/set: replaces the merchant's pins and bans whole (left out: none). */
export function setLearning(body: RequestOf<typeof api.creative.learningSet>) {
  return call(api.creative.learningSet, body, { toast: false });
}

/** The answer is the settings as saved: the panel shows them without reading them again. */
export function useSetLearning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLearning,
    onSuccess: (settings) => queryClient.setQueryData(learningKey(settings.merchant_id), settings),
  });
}
