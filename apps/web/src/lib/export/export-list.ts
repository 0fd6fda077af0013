import { saveBlob } from './download';
import { exportFileName, fetchAllPages, toCsv, type ExportColumn, type Page } from './export-table';
import { xlsxBlob } from './xlsx';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Every row a list's filters match, saved as a CSV or XLSX file named after `fileBase` and today.
 * Answers how many rows were saved; 0 means nothing matched and no file was written, so the
 * caller can say 'No data to export' in its own words.
 */
export async function exportList<T>(options: {
  format: ExportFormat;
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>;
  columns: ExportColumn<T>[];
  fileBase: string;
  sheetName: string;
}): Promise<number> {
  const rows = await fetchAllPages(options.fetchPage);
  if (rows.length === 0) return 0;
  const blob =
    options.format === 'csv'
      ? new Blob([toCsv(options.columns, rows)], { type: 'text/csv;charset=utf-8' })
      : await xlsxBlob(options.columns, rows, options.sheetName);
  saveBlob(blob, exportFileName(options.fileBase, options.format));
  return rows.length;
}
