import { toSheetRows, type ExportColumn } from './export-table';

/** A list as an XLSX workbook of one sheet: bold sticky header, numbers as numbers. */
export async function xlsxBlob<T>(columns: ExportColumn<T>[], rows: T[], sheet: string): Promise<Blob> {
  // The writer (and its zip library) loads only when someone exports, never with the page.
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const data = toSheetRows(columns, rows).map((row) =>
    row.map((cell) =>
      cell.value === ''
        ? null
        : cell.type === 'number'
          ? { value: cell.value as number, type: Number }
          : { value: String(cell.value), type: String, ...(cell.bold ? { fontWeight: 'bold' as const } : {}) },
    ),
  );
  return writeXlsxFile(data, { sheet, columns: columns.map((column) => ({ width: column.width ?? 16 })), stickyRowsCount: 1 }).toBlob();
}
