import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';
import { renderReads } from './render-cache';

/**
 * POST /v1/creative/plan/run: the day's videos now. The server answers at once and makes the day
 * in the background (`preparing`); its renders reach the board through the render stream as they
 * are queued. It runs a day once: asked again, it answers `created: false` and the renders made.
 */
export function runPlan(body: RequestOf<typeof api.creative.planRun>) {
  return call(api.creative.planRun, body, { toast: false });
}

export function useRunPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPlan,
    onSuccess: (answer) => {
      // The plan's last run date moved; the day's board has new cards.
      void queryClient.invalidateQueries({ queryKey: endpointKey(api.creative.planGet, { merchant_id: answer.merchant_id }) });
      return invalidateEndpoints(queryClient, renderReads);
    },
  });
}
