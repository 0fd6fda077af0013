import type { Render } from '@nearcast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRenderEvents } from '../../../lib/render-events';
import { useRenderPolling } from '../api/get-render';
import { applyRenderEvent } from '../api/render-cache';
import { isActive } from './renders';

/**
 * Keeps the renders on screen moving: progress events from the stream (for this merchant, or
 * any merchant when `merchantId` is undefined) update the cards at once, and renders still being
 * made are read every few seconds when the stream cannot say (see useRenderPolling).
 */
export function useLiveRenders(renders: readonly Render[], listReadAt: number, merchantId: number | undefined): void {
  const queryClient = useQueryClient();
  useRenderEvents((event) => {
    if (merchantId === undefined || event.merchant_id === merchantId) applyRenderEvent(queryClient, event);
  });
  useRenderPolling(renders.filter(isActive), listReadAt);
}
