import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { renderReads } from './render-cache';

export type RenderAddBody = RequestOf<typeof api.creative.renderAdd>;

/**
 * POST /v1/creative/render/add under an Idempotency-Key: a click whose answer was lost (a
 * timeout) and is sent again with the same key and body queues one video, not two.
 */
export function addRender({ body, idempotencyKey }: { body: RenderAddBody; idempotencyKey: string }) {
  return call(api.creative.renderAdd, body, { toast: false, idempotencyKey });
}

export function useAddRender() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addRender, onSuccess: () => invalidateEndpoints(queryClient, renderReads) });
}
