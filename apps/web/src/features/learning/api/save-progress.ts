import { api, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, authHeaders, call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { PROGRESS_READS } from './learning-reads';

export type ProgressRequest = RequestOf<typeof api.learn.progress>;

/**
 * POST /v1/learn/progress: where the learner is in a lesson's video, or that the lesson is
 * done (a completion is never undone by a later save). Failures are the caller's to report.
 */
export function saveProgress(body: ProgressRequest) {
  return call(api.learn.progress, body, { toast: false });
}

export function useSaveProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgress,
    onSuccess: () => invalidateEndpoints(queryClient, PROGRESS_READS),
  });
}

/**
 * The last position of a page that is closing: a `keepalive` request outlives the page, which
 * an ordinary call does not (and `sendBeacon` cannot carry the session header). Nobody is left
 * to hear the answer, so none is read.
 */
export function saveProgressOnExit(body: ProgressRequest): void {
  try {
    void fetch(`${API_BASE}${api.learn.progress.path}`, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive: the position saved a few seconds earlier stands.
  }
}
