import type { FinanceRecord } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '../../../lib/export/export-table';
import { formatDate } from '../../../lib/format-date';
import { centsToDollars } from '../../../lib/money';
import { listRecords } from '../api/list-records';
import { percentOf } from '../lib/display';
import { useParty, type RecordFilters } from './records-table';
import { ExportButtons } from '../../../components/export-buttons';

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
  return (
    <ExportButtons
      fetchPage={(page, pageSize) => listRecords({ ...filters, page, page_size: pageSize })}
      columns={useRecordColumns()}
      fileBase="finance"
      sheetName={t('sheet_name')}
      texts={{
        csv: t('actions.export_csv'),
        xlsx: t('actions.export_xlsx'),
        noData: t('feedback.no_data'),
        exported: (count) => t('feedback.exported', { count }),
        failed: t('feedback.export_failed'),
      }}
    />
  );
}
