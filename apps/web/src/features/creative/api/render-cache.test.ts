import { api, type Render, type ResponseOf } from '@nearcast/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { endpointKey } from '../../../lib/query-keys';
import { applyRenderEvent } from './render-cache';

type RenderList = ResponseOf<typeof api.creative.renderList>;

const listed = { id: 1, merchant_id: 7, state: 'rendering', progress: 10, draft: 'pending' } as Render;
const query = { merchant_id: 7, date: '2026-11-27', page: 1, page_size: 100 };

function boardWith(renders: Render[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<RenderList>(endpointKey(api.creative.renderList, query), { list: renders, total: renders.length, page: 1, page_size: 100, by_merchant: [] });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const board = () => queryClient.getQueryData<RenderList>(endpointKey(api.creative.renderList, query))!.list;
  return { queryClient, invalidate, board };
}

describe('a render event in the query cache', () => {
  it('moves a listed render’s bar in place, and reads the boards again once it has settled', () => {
    const { queryClient, invalidate, board } = boardWith([listed]);
    applyRenderEvent(queryClient, { id: 1, merchant_id: 7, state: 'rendering', progress: 45 });
    expect(board()[0]).toMatchObject({ state: 'rendering', progress: 45 });
    expect(invalidate).not.toHaveBeenCalled();

    applyRenderEvent(queryClient, { id: 1, merchant_id: 7, state: 'done', progress: 100 });
    expect(invalidate).toHaveBeenCalled();
  });

  it('reads the boards again once for a render none of them lists, not at every percent', () => {
    const { queryClient, invalidate } = boardWith([listed]);
    for (const progress of [5, 10, 15, 20, 25]) applyRenderEvent(queryClient, { id: 2, merchant_id: 7, state: 'rendering', progress });
    expect(invalidate).toHaveBeenCalledTimes(1);

    applyRenderEvent(queryClient, { id: 2, merchant_id: 7, state: 'done', progress: 100 });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
