import { api, type ContentItem } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { CONTENT_READS } from './content-reads';

export type StatusAction = 'publish' | 'unpublish';

/**
 * POST /v1/content/publish or /unpublish `{id}` (spec §4: draft → published ⇄ unpublished).
 * Errors are reported by the caller.
 */
export function changeStatus({ id, action }: { id: number; action: StatusAction }): Promise<ContentItem> {
  return call(action === 'publish' ? api.content.publish : api.content.unpublish, { id }, { toast: false });
}

export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: (item) => {
      queryClient.setQueryData([api.content.get.path, { id: item.id }], item);
      return invalidateEndpoints(queryClient, CONTENT_READS);
    },
  });
}
