import type { Render } from '@nearcast/contract';
import { boardDateOf } from './dates';

/** The shop's name as a file name's part: letters and digits of any script, dashes between words. */
export function shopSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'video';
}

/**
 * `<shop>-<yyyy-mm-dd>-<lang>-<n>.mp4`: the draft's day, its language, and its place among that
 * day's drafts of the same shop and language (by id, so it does not change as others are decided).
 */
export function downloadName(render: Render, all: readonly Render[], timeZone?: string | null): string {
  const day = boardDateOf(render, timeZone);
  const siblings = all
    .filter((other) => other.merchant_id === render.merchant_id && other.language === render.language && boardDateOf(other, timeZone) === day)
    .map((other) => other.id)
    .sort((a, b) => a - b);
  const n = Math.max(1, siblings.indexOf(render.id) + 1);
  return `${shopSlug(render.merchant_name)}-${day}-${render.language}-${n}.mp4`;
}
