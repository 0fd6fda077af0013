import type { AccountSummary } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { listClients, type ClientListQuery } from '../../../api/client-list';
import type { ExportColumn } from '../../../lib/export/export-table';
import { centsToDollars } from '../../../lib/money';
import { displayName } from './display';
import { formatUsPhone } from '../../../lib/phone';
import { ExportButtons } from '../../../components/export-buttons';

export type ClientFilters = Omit<ClientListQuery, 'page' | 'page_size'>;

function useClientColumns(): ExportColumn<AccountSummary>[] {
  const { t } = useTranslation('org');
  return [
    { header: t('fields.name'), value: (row) => displayName(row), width: 22 },
    { header: t('fields.email'), value: (row) => row.email, width: 28 },
    { header: t('fields.company'), value: (row) => row.company_short_name, width: 22 },
    { header: t('fields.phone'), value: (row) => (row.phone ? formatUsPhone(row.phone) : ''), width: 16 },
    { header: t('fields.wechat'), value: (row) => row.wechat, width: 16 },
    { header: t('fields.pay_state'), value: (row) => t(`pay_state.${row.pay_state}`), width: 12 },
    { header: t('fields.info_status'), value: (row) => t(row.info_status === 1 ? 'info_status.complete' : 'info_status.incomplete'), width: 12 },
    { header: t('fields.agent_name'), value: (row) => row.agent_name, width: 20 },
    { header: t('fields.studio_name'), value: (row) => row.studio_name, width: 20 },
    { header: t('fields.operator'), value: (row) => row.operator_name, width: 20 },
    { header: t('fields.order_count'), value: (row) => row.order_count, kind: 'number', width: 10 },
    { header: t('fields.consumption_usd'), value: (row) => centsToDollars(row.consumption_cents), kind: 'number', width: 14 },
    { header: t('fields.location'), value: (row) => row.location, width: 24 },
    { header: t('fields.expire_time'), value: (row) => (row.expire_time ? formatDate(row.expire_time) : ''), width: 18 },
    { header: t('fields.register_time'), value: (row) => formatDate(row.register_time), width: 18 },
    { header: t('fields.last_login'), value: (row) => (row.last_login ? formatDate(row.last_login) : ''), width: 18 },
    { header: t('fields.sale_name'), value: (row) => row.sale_name, width: 16 },
    { header: t('fields.sale_email'), value: (row) => row.sale_email, width: 24 },
    { header: t('fields.sale_uid'), value: (row) => row.sale_uid, width: 12 },
  ];
}

/**
 * Exports every client the filters match (all pages, read 100 at a time) as CSV or XLSX,
 * built in the browser. 'No data to export' when nothing matches, 'Export failed' otherwise.
 */
export function ClientExportButtons({ filters }: { filters: ClientFilters }) {
  const { t } = useTranslation('org');
  return (
    <ExportButtons
      fetchPage={(page, pageSize) => listClients({ ...filters, page, page_size: pageSize })}
      columns={useClientColumns()}
      fileBase="clients"
      sheetName={t('clients.sheet_name')}
      texts={{
        csv: t('actions.export_csv'),
        xlsx: t('actions.export_xlsx'),
        noData: t('feedback.no_data'),
        exported: (count) => t('clients.exported', { count }),
        failed: t('feedback.export_failed'),
      }}
    />
  );
}
