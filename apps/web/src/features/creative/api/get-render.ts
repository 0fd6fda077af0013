import { api, type Render } from '@nearcast/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useRenderStreamLive } from '../../../lib/render-events';
import { putRender, renderKey } from './render-cache';

/** While the stream is down, a render being made is read this often. */
export const POLL_MS = 3_000;
/** While the stream is up it tells of every change; a slow read still catches an event it lost. */
export const LIVE_CHECK_MS = 20_000;

/** POST /v1/creative/render/get */
export function getRender(id: number, signal?: AbortSignal) {
  return call(api.creative.renderGet, { id }, { toast: false, signal });
}

/**
 * Reads each render still being made, every few seconds while the notification stream cannot
 * tell of its progress (and now and then while it can), and writes what it reads into every
 * board, so a card moves on even when no event arrives. A render that has settled leaves `ids`
 * (its card moved to its new column), which ends its reads.
 * `listReadAt`: when the list those renders come from was read.
 */
export function useRenderPolling(active: readonly Render[], listReadAt: number): void {
  const queryClient = useQueryClient();
  const live = useRenderStreamLive();
  useQueries({
    queries: active.map((render) => ({
      queryKey: renderKey(render.id),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const read = await getRender(render.id, signal);
        putRender(queryClient, read);
        return read;
      },
      // The board's list has just said how it stands: the first read waits for its turn.
      initialData: render,
      initialDataUpdatedAt: listReadAt,
      staleTime: POLL_MS,
      refetchInterval: live ? LIVE_CHECK_MS : POLL_MS,
    })),
    // Nothing is drawn from these reads: putRender has already put each one on the boards.
    combine: () => undefined,
  });
}
