import type { FootageOrigin, FootageStatus, FootageType, FootageUsage } from '@nearcast/contract';

/** The library's filter row; empty values mean "any". */
export interface MaterialFilterValues {
  keyword?: string;
  type?: FootageType;
  status?: FootageStatus;
  usage?: FootageUsage;
  /** Upload days, inclusive, as YYYY-MM-DD. */
  uploaded?: readonly [string, string] | null;
  /** Super only: one merchant's library. */
  merchant_id?: number | null;
  /** The merchant's uploads (left empty) or the videos the studio made. */
  origin?: FootageOrigin;
}

export interface MaterialListFilters {
  keyword?: string;
  type?: FootageType;
  status?: FootageStatus;
  usage?: FootageUsage;
  date_from?: string;
  date_to?: string;
  merchant_id?: number;
  origin?: FootageOrigin;
}

/** The filter row as the list request's filters, without the keys left empty. */
export function toMaterialQuery(values: MaterialFilterValues): MaterialListFilters {
  const query: MaterialListFilters = {};
  const keyword = values.keyword?.trim();
  if (keyword) query.keyword = keyword;
  if (values.type) query.type = values.type;
  if (values.status) query.status = values.status;
  if (values.usage) query.usage = values.usage;
  if (values.uploaded?.[0]) query.date_from = values.uploaded[0];
  if (values.uploaded?.[1]) query.date_to = values.uploaded[1];
  if (values.merchant_id) query.merchant_id = values.merchant_id;
  // The server lists the merchant's uploads unless asked for the studio's videos.
  if (values.origin === 'studio') query.origin = 'studio';
  return query;
}

/** How many of the folding filters (all but the keyword) are set, for the phone's filter button. */
export function activeFilterCount(values: MaterialFilterValues): number {
  return [values.type, values.status, values.usage, values.uploaded, values.merchant_id, values.origin].filter((value) => value !== undefined && value !== null).length;
}

/** Whether the list is narrowed at all: an empty page then means "no match", not "nothing yet". */
export function isNarrowed(query: MaterialListFilters): boolean {
  return Object.values(query).some((value) => value !== undefined && value !== '');
}

/** Tags typed into the editor: trimmed, without empties or repeats (case-insensitively), in the order typed. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}
