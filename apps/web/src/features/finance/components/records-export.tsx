import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import type { FinanceRecord } from '@nearcast/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportList, type ExportFormat } from '../../../lib/export/export-list';
import type { ExportColumn } from '../../../lib/export/export-table';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { centsToDollars } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { listRecords } from '../api/list-records';
import { percentOf } from '../lib/display';
import { useParty, type RecordFilters } from './records-table';

function useRecordColumns(): ExportColumn<FinanceRecord>[] {
  const { t } = useTranslation('finance');
  const party = useParty();
  return [
    { header: t('fields.transaction_id'), value: (row) => row.transaction_id, width: 14 },
    { header: t('fields.type'), value: (row) => t(`type.${row.type}`), width: 14 },
    { header: t('fields.status'), value: (row) => t(`status.${row.status}`), width: 12 },
    { header: t('fields.amount_usd'), value: (row) => centsToDollars(row.amount_cents), kind: 'number', width: 14 },
    { header: t('fields.user'), value: (row) => party(row.user_id, row.user_name), width: 24 },
    { header: t('fields.user_id'), value: (row) => row.user_id, kind: 'number', width: 10 },
    { header: t('fields.receiver'), value: (row) => party(row.receiver_id, row.receiver_name), width: 24 },
    { header: t('fields.receiver_id'), value: (row) => row.receiver_id, kind: 'number', width: 10 },
    { header: t('fields.rule'), value: (row) => (row.rule_version !== null ? `v${row.rule_version}` : ''), width: 8 },
    { header: t('fields.rate'), value: (row) => (row.rate_bps !== null ? percentOf(row.rate_bps) : ''), width: 8 },
    { header: t('fields.reversed_usd'), value: (row) => (row.reversed_cents !== null ? centsToDollars(row.reversed_cents) : ''), kind: 'number', width: 12 },
    { header: t('fields.fee_usd'), value: (row) => (row.fee_cents !== null ? centsToDollars(row.fee_cents) : ''), kind: 'number', width: 12 },
    { header: t('fields.remark'), value: (row) => row.remark, width: 28 },
    { header: t('fields.create_time'), value: (row) => formatDate(row.create_time), width: 18 },
    { header: t('fields.process_time'), value: (row) => (row.process_time ? formatDate(row.process_time) : ''), width: 18 },
  ];
}

/**
 * Exports every record the filters match (page by page at the API's largest page size) as CSV
 * or XLSX, built in the browser like the clients export. 'No data to export' when nothing matches.
 */
export function RecordsExportButtons({ filters }: { filters: RecordFilters }) {
  const { t } = useTranslation('finance');
  const columns = useRecordColumns();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const count = await exportList({
        format,
        fetchPage: (page, pageSize) => listRecords({ ...filters, page, page_size: pageSize }),
        columns,
        fileBase: 'finance',
        sheetName: t('sheet_name'),
      });
      if (count === 0) notifyError(t('feedback.no_data'));
      else notifySuccess(t('feedback.exported', { count }));
    } catch (error) {
      if (!isSignedOut(error)) notifyError(failureText(t('feedback.export_failed'), error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap>
      <Button icon={<FileTextOutlined />} loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')} data-testid="export-csv">
        {t('actions.export_csv')}
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => void run('xlsx')} data-testid="export-xlsx">
        {t('actions.export_xlsx')}
      </Button>
    </Space>
  );
}
