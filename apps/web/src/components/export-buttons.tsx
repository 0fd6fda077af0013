import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { exportList, type ExportFormat } from '../lib/export/export-list';
import type { ExportColumn, Page } from '../lib/export/export-table';
import { failureText, isSignedOut } from '../lib/form-feedback';
import { notifyError, notifySuccess } from '../lib/notify';

export interface ExportTexts {
  csv: string;
  xlsx: string;
  /** 'No data to export': nothing matched, no file was written. */
  noData: string;
  exported: (count: number) => string;
  failed: string;
}

/**
 * The CSV and Excel buttons of a list: every row its filters match (all pages, read at the API's
 * largest page size), built in the browser and saved as `<fileBase>-<today>`. One at a time;
 * the list's own words say what happened.
 */
export function ExportButtons<T>({
  fetchPage,
  columns,
  fileBase,
  sheetName,
  texts,
  testIds = { csv: 'export-csv', xlsx: 'export-xlsx' },
}: {
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>;
  columns: ExportColumn<T>[];
  fileBase: string;
  sheetName: string;
  texts: ExportTexts;
  testIds?: { csv: string; xlsx: string };
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const count = await exportList({ format, fetchPage, columns, fileBase, sheetName });
      if (count === 0) notifyError(texts.noData);
      else notifySuccess(texts.exported(count));
    } catch (error) {
      if (!isSignedOut(error)) notifyError(failureText(texts.failed, error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap>
      <Button icon={<FileTextOutlined />} loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')} data-testid={testIds.csv}>
        {texts.csv}
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => void run('xlsx')} data-testid={testIds.xlsx}>
        {texts.xlsx}
      </Button>
    </Space>
  );
}
