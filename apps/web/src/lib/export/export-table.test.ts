import { describe, expect, it, vi } from 'vitest';
import { UTF8_BOM } from './csv';
import { exportFileName, fetchAllPages, toCsv, toSheetRows, type ExportColumn } from './export-table';

interface Row {
  name: string;
  orders: number;
  spent: string;
  city: string | null;
}

const columns: ExportColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Orders', value: (row) => row.orders, kind: 'number' },
  { header: 'Spent (USD)', value: (row) => row.spent, kind: 'number' },
  { header: 'City', value: (row) => row.city },
];

const rows: Row[] = [
  { name: 'Carmen, "Tacos"', orders: 1, spent: '1000.00', city: 'Los Angeles' },
  { name: '张三', orders: 0, spent: '0.00', city: null },
];

describe('fetchAllPages', () => {
  it('reads page after page until the total is reached', async () => {
    const all = Array.from({ length: 250 }, (_, i) => i);
    const fetchPage = vi.fn(async (page: number, size: number) => ({ list: all.slice((page - 1) * size, page * size), total: all.length }));
    await expect(fetchAllPages(fetchPage)).resolves.toEqual(all);
    expect(fetchPage.mock.calls).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
  });

  it('stops after one call on an exact or empty first page', async () => {
    const exact = vi.fn(async () => ({ list: Array.from({ length: 100 }, (_, i) => i), total: 100 }));
    await expect(fetchAllPages(exact)).resolves.toHaveLength(100);
    expect(exact).toHaveBeenCalledTimes(1);
    const none = vi.fn(async () => ({ list: [], total: 0 }));
    await expect(fetchAllPages(none)).resolves.toEqual([]);
    expect(none).toHaveBeenCalledTimes(1);
  });

  it('stops at a short page even when the total grew meanwhile', async () => {
    const fetchPage = vi.fn(async (page: number) => ({ list: page === 1 ? [1, 2] : [3], total: page === 1 ? 3 : 10 }));
    await expect(fetchAllPages(fetchPage, 2)).resolves.toEqual([1, 2, 3]);
  });

  it('passes a failed page on to the caller', async () => {
    await expect(fetchAllPages(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('toCsv', () => {
  it('writes the header and quoted rows', () => {
    expect(toCsv(columns, rows)).toBe(
      `${UTF8_BOM}Name,Orders,Spent (USD),City\r\n"Carmen, ""Tacos""",1,1000.00,Los Angeles\r\n张三,0,0.00,\r\n`,
    );
  });
});

describe('toSheetRows', () => {
  it('has a bold header and keeps numbers numeric', () => {
    const sheet = toSheetRows(columns, rows);
    expect(sheet[0]).toEqual(columns.map((column) => ({ value: column.header, type: 'string', bold: true })));
    expect(sheet[1]).toEqual([
      { value: 'Carmen, "Tacos"', type: 'string' },
      { value: 1, type: 'number' },
      { value: 1000, type: 'number' },
      { value: 'Los Angeles', type: 'string' },
    ]);
    expect(sheet[2]?.[3]).toEqual({ value: '', type: 'string' });
  });
});

describe('exportFileName', () => {
  it('dates the file with the local day', () => {
    expect(exportFileName('clients', 'xlsx', new Date(2025, 0, 5, 23, 30))).toBe('clients-2025-01-05.xlsx');
  });
});
