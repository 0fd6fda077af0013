import type { RenderProgress } from '@nearcast/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Render progress heard on the notification stream, handed to whichever screen shows renders.
 * The stream belongs to the notification feature (one connection per signed-in tab, held by the
 * header's bell) and the renders to the creative feature; neither may import the other, so the
 * stream publishes here and a screen subscribes here. Whether the stream is open is published
 * too: a screen polls quickly only while nothing would tell it of a change.
 */
export type RenderEventListener = (event: RenderProgress) => void;

const listeners = new Set<RenderEventListener>();
const liveListeners = new Set<() => void>();
let live = false;

export function publishRenderEvent(event: RenderProgress): void {
  // A copy: a listener that unsubscribes while being told must not skip the next one.
  for (const listener of [...listeners]) listener(event);
}

export function subscribeRenderEvents(listener: RenderEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stream says whether it is open; a closed or reconnecting stream delivers nothing. */
export function setRenderStreamLive(value: boolean): void {
  if (live === value) return;
  live = value;
  for (const listener of [...liveListeners]) listener();
}

function subscribeLive(listener: () => void): () => void {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
}

/** True while render events can arrive. */
export function useRenderStreamLive(): boolean {
  return useSyncExternalStore(
    subscribeLive,
    () => live,
    () => false,
  );
}

/** Calls `listener` for every render event while the component is on screen (the latest listener, without resubscribing). */
export function useRenderEvents(listener: RenderEventListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeRenderEvents((event) => latest.current(event)), []);
}
