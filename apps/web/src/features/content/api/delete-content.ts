import { api, type ContentType } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { CONTENT_READS } from './content-reads';

/**
 * The item and its files go: POST /v1/live/delete for a live event (the spec's path), POST
 * /v1/content/delete for the rest. Errors are reported by the caller.
 */
export function deleteContent({ id, type }: { id: number; type: ContentType }) {
  return call(type === 'live' ? api.live.delete : api.content.delete, { id }, { toast: false });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: (_, { id }) => {
      // The editor of the deleted item is still on screen until its caller leaves it: asking
      // for the item again now would only fetch a '404'. Its cached copy goes once unwatched.
      queryClient.removeQueries({ queryKey: [api.content.get.path, { id }], type: 'inactive' });
      return invalidateEndpoints(
        queryClient,
        CONTENT_READS.filter((endpoint) => endpoint !== api.content.get),
      );
    },
  });
}
