import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';

/**
 * A column of a list. On a phone each row becomes a card: the `title` column heads it (the first
 * column unless another says so), `status` columns sit beside the title, `hidden` ones are left
 * to the detail view, the `actions` column (by key) is the card's footer, the rest are
 * label/value pairs.
 */
export type DataColumn<T> = ColumnType<T> & {
  phone?: 'title' | 'status' | 'hidden';
  /** The label on a phone card when the column's title is not plain text. */
  phoneLabel?: string;
};

/** What a column shows for a row: its render, else the raw field, else a dash. */
export function cellOf<T>(column: DataColumn<T>, row: T, index: number): ReactNode {
  const field = typeof column.dataIndex === 'string' || typeof column.dataIndex === 'number' ? column.dataIndex : undefined;
  const value = field === undefined ? undefined : (row as Record<string | number, unknown>)[field];
  if (column.render) return column.render(value, row, index) as ReactNode;
  if (value === null || value === undefined || value === '') return '—';
  return value as ReactNode;
}

/**
 * An ellipsis column whose cell the table draws itself, to offer the whole text (CellText). One
 * that opted out of antd's title (`showTitle: false`) brings its own tooltip and is left alone.
 */
export function cutsWithEllipsis<T>(column: DataColumn<T>): boolean {
  return column.ellipsis === true || (typeof column.ellipsis === 'object' && column.ellipsis.showTitle !== false);
}

export interface PhoneLayout<T> {
  title: DataColumn<T> | null;
  status: DataColumn<T>[];
  fields: DataColumn<T>[];
  actions: DataColumn<T> | null;
}

/** Which column plays which part on a phone card (see DataColumn). */
export function phoneLayout<T>(columns: readonly DataColumn<T>[]): PhoneLayout<T> {
  const actions = columns.find((column) => column.key === 'actions') ?? null;
  const rest = columns.filter((column) => column !== actions && column.phone !== 'hidden');
  const title = rest.find((column) => column.phone === 'title') ?? rest[0] ?? null;
  return {
    title,
    status: rest.filter((column) => column !== title && column.phone === 'status'),
    fields: rest.filter((column) => column !== title && column.phone !== 'status'),
    actions,
  };
}

const INTERACTIVE = 'button, a, input, select, textarea, label, [role="button"], [role="switch"], [role="menuitem"], .ant-dropdown, .ant-popover, .ant-select';

/**
 * Whether a click inside a row landed on something that acts by itself (a button, a menu, a
 * switch); such a click must not also open the row. Portalled popups are outside the row and
 * never reach its handler through the DOM, but React bubbles them, so they are checked too.
 */
export function isInteractiveTarget(target: EventTarget | null, row: Element): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as Element;
  if (!row.contains(element)) return true;
  const hit = element.closest(INTERACTIVE);
  return hit !== null && row.contains(hit) && hit !== row;
}
