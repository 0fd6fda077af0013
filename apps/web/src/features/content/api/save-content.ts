import { api, type ContentItem, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { CONTENT_READS } from './content-reads';

export type ContentAdd = RequestOf<typeof api.content.add>;
export type LiveAdd = RequestOf<typeof api.live.add>;
export type ContentUpdate = RequestOf<typeof api.content.update>;

export type SaveRequest = { kind: 'add'; body: ContentAdd } | { kind: 'add-live'; body: LiveAdd } | { kind: 'update'; body: ContentUpdate };

/**
 * A new article or landing page (POST /v1/content/add), a new live event (POST /v1/live/add,
 * spec §7), or changes to any item (POST /v1/content/update: only the fields sent change, the
 * status stays). Errors are shown by the editor, under their fields.
 */
export function saveContent(request: SaveRequest): Promise<ContentItem> {
  if (request.kind === 'add') return call(api.content.add, request.body, { toast: false });
  if (request.kind === 'add-live') return call(api.live.add, request.body, { toast: false });
  return call(api.content.update, request.body, { toast: false });
}

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: (item) => {
      queryClient.setQueryData([api.content.get.path, { id: item.id }], item);
      return invalidateEndpoints(queryClient, CONTENT_READS);
    },
  });
}
