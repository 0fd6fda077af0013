import { buildCsv, type CellValue } from './csv';

/** One column of an export: its header in the user's language and how to read a row. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => CellValue;
  /** Width in characters for the spreadsheet. */
  width?: number;
  /** Numbers stay numbers in the spreadsheet (sums and sorting work). */
  kind?: 'text' | 'number';
}

export const EXPORT_PAGE_SIZE = 100;

export interface Page<T> {
  list: T[];
  total: number;
}

/**
 * Every row of a filtered list, fetched page by page at the API's largest page size. Stops at
 * the total the first page announced, or at a short page, whichever comes first, so rows
 * added meanwhile cannot make it loop.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < total; page += 1) {
    const result = await fetchPage(page, pageSize);
    if (page === 1) total = result.total;
    rows.push(...result.list);
    if (result.list.length < pageSize) break;
  }
  return rows;
}

export function toCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  return buildCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.value(row))),
  );
}

export interface SheetCell {
  value: string | number;
  type: 'string' | 'number';
  bold?: boolean;
}

/**
 * The same table as rows of typed cells for the XLSX writer: a bold header, numbers as
 * numbers, everything else as text (empty cells as empty text).
 */
export function toSheetRows<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): SheetCell[][] {
  const header: SheetCell[] = columns.map((column) => ({ value: column.header, type: 'string', bold: true }));
  const body = rows.map((row) =>
    columns.map((column): SheetCell => {
      const value = column.value(row);
      if (column.kind === 'number' && typeof value === 'number' && Number.isFinite(value)) return { value, type: 'number' };
      if (column.kind === 'number' && typeof value === 'string' && value !== '' && Number.isFinite(Number(value))) {
        return { value: Number(value), type: 'number' };
      }
      return { value: value === null || value === undefined ? '' : String(value), type: 'string' };
    }),
  );
  return [header, ...body];
}

/** `clients-2025-01-31.csv`: a file name that sorts by date and is safe on every system. */
export function exportFileName(prefix: string, extension: 'csv' | 'xlsx', now = new Date()): string {
  const day = [now.getFullYear(), String(now.getMonth() + 1).padStart(2, '0'), String(now.getDate()).padStart(2, '0')].join('-');
  return `${prefix}-${day}.${extension}`;
}
