import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';

/** POST /v1/creative/brief/update: only the fields sent change. */
export function updateBrief(body: RequestOf<typeof api.creative.briefUpdate>) {
  return call(api.creative.briefUpdate, body, { toast: false });
}

/** The answer is the brief as saved: the form shows it without reading it again. */
export function useUpdateBrief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrief,
    onSuccess: (brief) => queryClient.setQueryData(endpointKey(api.creative.briefGet, { merchant_id: brief.merchant_id }), brief),
  });
}
