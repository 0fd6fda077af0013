import { api, type Render, type RenderProgress, type ResponseOf } from '@nearcast/contract';
import type { Query, QueryClient } from '@tanstack/react-query';
import { endpointKey, invalidateEndpoints } from '../../../lib/query-keys';
import { isSettled, mergeRead, withProgress } from '../lib/renders';

/** What a render's change can alter: the boards and the one render read by itself. */
export const renderReads = [api.creative.renderList, api.creative.renderGet];

/** An approved draft becomes a post: the video workspace's lists and numbers show it. */
export const postReads = [api.video.list, api.video.get, api.video.stats, api.video.mine];

type RenderListResponse = ResponseOf<typeof api.creative.renderList>;

const isRenderList = (query: Query) => query.queryKey[0] === api.creative.renderList.path;

export const renderKey = (id: number) => endpointKey(api.creative.renderGet, { id });

function replaceIn(list: RenderListResponse | undefined, id: number, change: (render: Render) => Render): RenderListResponse | undefined {
  if (!list || !list.list.some((render) => render.id === id)) return list;
  return { ...list, list: list.list.map((render) => (render.id === id ? change(render) : render)) };
}

/** Whether any board on hand lists this render. */
function listed(queryClient: QueryClient, id: number): boolean {
  return queryClient
    .getQueriesData<RenderListResponse>({ predicate: isRenderList })
    .some(([, data]) => data?.list.some((render) => render.id === id) ?? false);
}

/** A render as just read or answered: every board that lists it and its own read show it at once. */
export function putRender(queryClient: QueryClient, render: Render): void {
  queryClient.setQueriesData<RenderListResponse>({ predicate: isRenderList }, (list) => replaceIn(list, render.id, (known) => mergeRead(known, render)));
  queryClient.setQueryData<Render>(renderKey(render.id), (known) => mergeRead(known, render));
}

/**
 * Renders no board listed when their first event came, per query client: the boards were read
 * again for them once. One that belongs to no board on screen (another day's, another page's)
 * sends an event every few percent, and each must not read every board again.
 */
const readAgainFor = new WeakMap<QueryClient, Set<number>>();

/**
 * A progress event from the stream. The bar moves in place; a render that has settled is read
 * again (its video, cover and reason are not in the event), and one no board knows yet (the
 * daily plan's, or another tab's) brings the boards up to date, once.
 */
export function applyRenderEvent(queryClient: QueryClient, event: RenderProgress): void {
  const known = listed(queryClient, event.id);
  queryClient.setQueriesData<RenderListResponse>({ predicate: isRenderList }, (list) => replaceIn(list, event.id, (render) => withProgress(render, event)));
  queryClient.setQueryData<Render>(renderKey(event.id), (render) => (render ? withProgress(render, event) : render));
  let unknown = readAgainFor.get(queryClient);
  if (!unknown) readAgainFor.set(queryClient, (unknown = new Set()));
  const firstNews = !known && !unknown.has(event.id);
  if (isSettled(event.state)) unknown.delete(event.id);
  else if (firstNews) unknown.add(event.id);
  if (firstNews || isSettled(event.state)) void invalidateEndpoints(queryClient, renderReads);
}
