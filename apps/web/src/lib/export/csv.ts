/** A cell of an exported table: text, a number, or nothing. */
export type CellValue = string | number | null | undefined;

/** Excel reads a CSV as UTF-8 (and so shows Chinese names) only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge
 * spaces, with quotes doubled. Text that a spreadsheet would run as a formula (=, +, -, @)
 * is prefixed with an apostrophe, unless it is just a signed number.
 */
export function csvField(value: CellValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || text !== text.trim()) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** A whole CSV document: byte-order mark, header line, one line per row, CRLF line ends. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CellValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
