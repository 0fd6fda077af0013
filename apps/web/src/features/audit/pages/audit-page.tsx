import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction } from '@nearcast/contract';
import { Button, DatePicker, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { useAuditList, type AuditListRequest } from '../api/audit';
import { AuditDetail } from '../components/audit-detail';
import { targetText, type AuditRow } from '../components/audit-display';
import { AuditExportButtons } from '../components/audit-export';
import { ChainCheck } from '../components/chain-check';
import '../components/audit.css';

type Filters = Omit<AuditListRequest, 'page' | 'page_size'> & { actor_email?: string };

const DAY = 'YYYY-MM-DD';

/**
 * /audit (super): every change staff made, newest first — who, when, from where, what, and the
 * values before and after in each entry's drawer — with filters, CSV and Excel exports of what
 * they match, and the chain check that shows whether any entry was changed or removed.
 */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [open, setOpen] = useState<AuditRow | null>(null);
  const { actor_email: actorEmail, ...query } = filters;
  const audit = useAuditList({ ...query, page: paging.page, page_size: paging.size });

  const change = (next: Filters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const onPage = (page: number, size: number) => setPaging({ page: size === paging.size ? page : 1, size });
  const active = [filters.action, filters.target_type, filters.date_from, filters.actor_id].filter((value) => value !== undefined).length;

  const columns: DataColumn<AuditRow>[] = [
    // The action names the entry and opens it (the actor cell holds its own button, a filter).
    { key: 'action', title: t('columns.action'), width: 220, phone: 'title', render: (_, row) => <Tag color={tone(row.action)}>{t(`actions.${row.action}`)}</Tag> },
    { key: 'time', title: t('columns.time'), width: 150, phone: 'status', render: (_, row) => <span className="audit-nowrap">{formatDate(row.at)}</span> },
    {
      key: 'actor',
      title: t('columns.actor'),
      width: 230,
      render: (_, row) =>
        row.actor_id === null ? (
          '—'
        ) : (
          <Button
            type="link"
            size="small"
            className="audit-actor"
            title={t('filters.only_actor', { email: row.actor_email })}
            onClick={(event) => {
              event.stopPropagation();
              change({ ...filters, actor_id: row.actor_id!, actor_email: row.actor_email ?? `#${row.actor_id}` });
            }}
          >
            {row.actor_email}
          </Button>
        ),
    },
    { key: 'target', title: t('columns.target'), width: 260, ellipsis: true, render: (_, row) => targetText(t, row) },
    { key: 'ip', title: t('columns.ip'), width: 140, render: (_, row) => row.ip ?? '—' },
  ];

  return (
    <div className="audit-page">
      <PageHeader subtitle={t('subtitle')} extra={<AuditExportButtons filters={query} />} />
      <ChainCheck />
      <ListFilters onReset={() => change({})} active={active} testId="audit-filters">
        <FilterSelect<AuditAction>
          label={t('filters.action')}
          value={filters.action}
          onChange={(action) => change({ ...filters, action: action ?? undefined })}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="audit-filter-action"
        />
        <FilterSelect<string>
          label={t('filters.target')}
          value={filters.target_type}
          onChange={(target) => change({ ...filters, target_type: target ?? undefined })}
          options={AUDIT_TARGETS.map((target) => ({ value: target, label: t(`targets.${target}`) }))}
          data-testid="audit-filter-target"
        />
        <DatePicker.RangePicker
          className="nc-filters__range"
          value={filters.date_from && filters.date_to ? [dayjs(filters.date_from), dayjs(filters.date_to)] : null}
          onChange={(_dates, strings) => change({ ...filters, date_from: strings[0] || undefined, date_to: strings[1] || undefined })}
          format={DAY}
          placeholder={[t('filters.date_from'), t('filters.date_to')]}
          aria-label={t('filters.dates')}
          allowEmpty={[false, false]}
          data-testid="audit-filter-dates"
        />
        {filters.actor_id !== undefined && (
          <Tag closable className="audit-actor-filter" onClose={() => change({ ...filters, actor_id: undefined, actor_email: undefined })} closeIcon={<span aria-label={t('filters.clear_actor')}>×</span>} data-testid="audit-filter-actor">
            {t('filters.actor', { email: actorEmail })}
          </Tag>
        )}
      </ListFilters>
      <div data-testid="audit-table" aria-busy={audit.isFetching}>
        <DataTable<AuditRow>
          query={audit}
          columns={columns}
          page={paging.page}
          pageSize={paging.size}
          onPageChange={onPage}
          rowTestId={(row) => `audit-row-${row.seq}`}
          testId="audit-list"
          filtered={active > 0}
          emptyTitle={active > 0 ? t('empty.no_match') : t('empty.title')}
          emptyBody={active > 0 ? t('empty.no_match_body') : t('empty.body')}
          emptyTestId="audit-empty"
          errorTitle={t('common:states.load_failed')}
          errorTestId="audit-error"
          retryTestId="audit-retry"
          onOpen={setOpen}
          openLabel={(row) => t('open', { action: t(`actions.${row.action}`) })}
        />
      </div>
      <AuditDetail entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** Removals and money read red, creations green, the rest neutral: the eye finds what matters. */
function tone(action: AuditAction): string | undefined {
  if (action.endsWith('.delete') || action === 'payment.refund' || action.endsWith('.reject') || action.endsWith('.fail')) return 'red';
  if (action.endsWith('.add') || action.endsWith('.create') || action.endsWith('.approve') || action.endsWith('.publish')) return 'green';
  return undefined;
}
