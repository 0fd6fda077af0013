import { api, type ContentItem } from '@nearcast/contract';
import { call } from '../../../lib/api-client';

/**
 * POST /v1/content/public/get `{id}`: a published item for anyone, signed in or not; a draft,
 * unpublished or missing one answers '404'. Plain fetch, no query client: this page is drawn
 * without the antd shell so that a phone gets it quickly.
 */
export function getPublicItem(id: number, signal?: AbortSignal): Promise<ContentItem> {
  return call(api.content.publicGet, { id }, { toast: false, signal });
}
