import { api, type ContentItem, type RequestOf } from '@nearcast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { CONTENT_READS } from './content-reads';

export type ContentAdd = RequestOf<typeof api.content.add>;
export type LiveAdd = RequestOf<typeof api.live.add>;
export type ContentUpdate = RequestOf<typeof api.content.update>;
export type LiveUpdate = RequestOf<typeof api.live.update>;

export type SaveRequest =
  | { kind: 'add'; body: ContentAdd }
  | { kind: 'add-live'; body: LiveAdd }
  | { kind: 'update'; body: ContentUpdate }
  | { kind: 'update-live'; body: LiveUpdate };

/**
 * A new article or landing page (POST /v1/content/add) or changes to one (POST
 * /v1/content/update); a new live event or changes to one through the spec's own paths (POST
 * /v1/live/add, /v1/live/update). Only the fields sent change; the status stays. Errors are shown
 * by the editor, under their fields.
 */
export function saveContent(request: SaveRequest): Promise<ContentItem> {
  switch (request.kind) {
    case 'add':
      return call(api.content.add, request.body, { toast: false });
    case 'add-live':
      return call(api.live.add, request.body, { toast: false });
    case 'update':
      return call(api.content.update, request.body, { toast: false });
    case 'update-live':
      return call(api.live.update, request.body, { toast: false });
  }
}

/** The contract's schema a save request is checked with before it is sent. */
export const saveSchemas = {
  add: api.content.add.request,
  'add-live': api.live.add.request,
  update: api.content.update.request,
  'update-live': api.live.update.request,
} as const;

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
