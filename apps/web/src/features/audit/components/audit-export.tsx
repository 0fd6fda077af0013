import type { AuditEntry } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { ExportButtons } from '../../../components/export-buttons';
import type { ExportColumn } from '../../../lib/export/export-table';
import { formatDate } from '../../../lib/format-date';
import { listAudit, type AuditListRequest } from '../api/audit';
import { targetText, valueText } from './audit-display';

/**
 * Exports every entry the filters match as CSV or Excel: the values before and after as JSON
 * text, and the hash, so a copy kept elsewhere can be compared with the chain later.
 */
export function AuditExportButtons({ filters }: { filters: Omit<AuditListRequest, 'page' | 'page_size'> }) {
  const { t } = useTranslation('audit');
  const columns: ExportColumn<AuditEntry>[] = [
    { header: t('columns.seq'), value: (row) => row.seq, kind: 'number', width: 8 },
    // Spec §9's style, as the entry's own page shows it; with seconds, as entries a second apart are told apart by them.
    { header: t('columns.time'), value: (row) => formatDate(row.at, 'YYYY/MM/DD HH:mm:ss'), width: 20 },
    { header: t('columns.actor'), value: (row) => row.actor_email ?? '', width: 26 },
    { header: t('columns.role'), value: (row) => (row.actor_role ? t(`common:roles.${row.actor_role}`) : ''), width: 12 },
    { header: t('columns.ip'), value: (row) => row.ip ?? '', width: 16 },
    { header: t('columns.action'), value: (row) => t(`actions.${row.action}`), width: 26 },
    { header: t('columns.target'), value: (row) => targetText(t, row), width: 32 },
    { header: t('columns.before'), value: (row) => valueText(row.before), width: 40 },
    { header: t('columns.after'), value: (row) => valueText(row.after), width: 40 },
    { header: t('columns.browser'), value: (row) => row.user_agent ?? '', width: 30 },
    { header: t('columns.hash'), value: (row) => row.hash, width: 66 },
  ];
  return (
    <ExportButtons
      fetchPage={(page, pageSize) => listAudit({ ...filters, page, page_size: pageSize })}
      columns={columns}
      fileBase="audit-log"
      sheetName={t('sheet_name')}
      texts={{
        csv: t('actions_ui.export_csv'),
        xlsx: t('actions_ui.export_xlsx'),
        noData: t('feedback.no_data'),
        exported: (count) => t('feedback.exported', { count }),
        failed: t('feedback.export_failed'),
      }}
      testIds={{ csv: 'audit-export-csv', xlsx: 'audit-export-xlsx' }}
    />
  );
}
