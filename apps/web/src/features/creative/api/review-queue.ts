import { api, type RequestOf } from '@nearcast/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';
import { postReads, putRender, renderReads } from './render-cache';

export type ReviewQueueQuery = Omit<RequestOf<typeof api.creative.renderList>, 'merchant_id'> & { merchant_id?: number };

/**
 * POST /v1/creative/render/list as the review queue reads it: across the caller's merchants
 * (or one), oldest plan day first, with the counts per merchant for the chips.
 */
export function useReviewQueue(query: ReviewQueueQuery, enabled = true) {
  return useQuery({
    queryKey: endpointKey(api.creative.renderList, query),
    queryFn: ({ signal }) => call(api.creative.renderList, query, { toast: false, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /v1/creative/draft/bulk-approve: each draft succeeds or fails alone, and the answer says which. */
export function bulkApprove(body: RequestOf<typeof api.creative.draftBulkApprove>) {
  return call(api.creative.draftBulkApprove, body, { toast: false });
}

/** POST /v1/creative/render/retry: a failed or cancelled render is made again, as the same render. */
export function useRetryRender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.creative.renderRetry, { id }, { toast: false }),
    onSuccess: (render) => {
      putRender(queryClient, render);
      return invalidateEndpoints(queryClient, renderReads);
    },
  });
}

/** After decisions were sent: the queue, the boards and the posts read again. */
export function refreshAfterDecisions(queryClient: ReturnType<typeof useQueryClient>) {
  return invalidateEndpoints(queryClient, [...renderReads, ...postReads]);
}

/** The scripts on a merchant's desk: written or edited, not yet rendered nor discarded. */
export const DESK_PAGE_SIZE = 50;

/** POST /v1/creative/script/list with desk: true, so the desk survives a reload. */
export function useDeskScripts(merchantId: number) {
  return useQuery({
    queryKey: endpointKey(api.creative.scriptList, { merchant_id: merchantId, desk: true }),
    queryFn: ({ signal }) => call(api.creative.scriptList, { merchant_id: merchantId, desk: true, page: 1, page_size: DESK_PAGE_SIZE }, { toast: false, signal }),
  });
}

/** POST /v1/creative/script/update: the desk's edits (or its putting a script on the desk) kept on the server. */
export function updateScript(body: RequestOf<typeof api.creative.scriptUpdate>) {
  return call(api.creative.scriptUpdate, body, { toast: false });
}

/** Each merchant's time zone (from its daily plan), so the queue's times read as the merchant's. */
export function useMerchantZones(merchantIds: readonly number[]): Map<number, string> {
  return useQueries({
    queries: merchantIds.map((merchantId) => ({
      queryKey: endpointKey(api.creative.planGet, { merchant_id: merchantId }),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(api.creative.planGet, { merchant_id: merchantId }, { toast: false, signal }),
      staleTime: 5 * 60_000,
    })),
    combine: zonesOf,
  });
}

/**
 * Outside the hook, so the query keeps its answer between renders until a plan changes: the
 * queue's cards compare it to skip drawing themselves again.
 */
function zonesOf(results: readonly { data?: { merchant_id: number; time_zone: string } }[]): Map<number, string> {
  return new Map(results.flatMap((result) => (result.data ? [[result.data.merchant_id, result.data.time_zone] as const] : [])));
}
