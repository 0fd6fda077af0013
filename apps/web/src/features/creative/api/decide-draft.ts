import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { postReads, putRender } from './render-cache';

/** POST /v1/creative/draft/approve: the draft becomes a post (platforms and time as given, or as the plan says). */
export function approveDraft(body: RequestOf<typeof api.creative.draftApprove>) {
  return call(api.creative.draftApprove, body, { toast: false });
}

/** POST /v1/creative/draft/reject, with the reason the studio gives. */
export function rejectDraft(body: RequestOf<typeof api.creative.draftReject>) {
  return call(api.creative.draftReject, body, { toast: false });
}

export function useApproveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDraft,
    onSuccess: (render) => {
      putRender(queryClient, render);
      return invalidateEndpoints(queryClient, postReads);
    },
  });
}

export function useRejectDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectDraft, onSuccess: (render) => putRender(queryClient, render) });
}
