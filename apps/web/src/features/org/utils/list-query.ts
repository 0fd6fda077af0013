import type { PayState } from '@nearcast/contract';

/** What a list's filter row holds; empty values mean "any". */
export interface ListFilterValues {
  keyword?: string;
  pay_state?: PayState;
  info_status?: 0 | 1;
  /** Registration dates, inclusive, as YYYY-MM-DD. */
  registered?: readonly [string, string] | null;
}

export interface ListQuery {
  keyword?: string;
  pay_state?: PayState;
  info_status?: 0 | 1;
  registered_from?: string;
  registered_to?: string;
}

/** The filter row as a list request's filters: trimmed, and without the keys left empty. */
export function toListQuery(values: ListFilterValues): ListQuery {
  const query: ListQuery = {};
  const keyword = values.keyword?.trim();
  if (keyword) query.keyword = keyword;
  if (values.pay_state) query.pay_state = values.pay_state;
  if (values.info_status === 0 || values.info_status === 1) query.info_status = values.info_status;
  if (values.registered) {
    const [from, to] = values.registered;
    if (from) query.registered_from = from;
    if (to) query.registered_to = to;
  }
  return query;
}

/** Whether any filter narrows the list: an empty list then means "no match", not "none yet". */
export function isFiltered(query: object): boolean {
  return Object.values(query).some((value) => value !== undefined && value !== null && value !== '');
}
