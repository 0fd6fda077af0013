import { api } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { putRender } from './render-cache';

/** POST /v1/creative/render/cancel: a queued or rendering video stops; its card says cancelled. */
export function cancelRender(id: number) {
  return call(api.creative.renderCancel, { id }, { toast: false });
}

export function useCancelRender() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelRender, onSuccess: (render) => putRender(queryClient, render) });
}
