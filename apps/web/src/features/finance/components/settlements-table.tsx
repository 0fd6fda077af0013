import { DownOutlined } from '@ant-design/icons';
import { PAYEE_VERIFICATION_STATES, type Settlement, type SettlementStatus } from '@nearcast/contract';
import { Button, Dropdown, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { fitWidth } from '../../../components/fit-width';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { DATE_FORMAT, formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { useSettlements } from '../api/list-settlements';
import type { SettlementDecision } from '../api/settlement-actions';
import { percentOf } from '../lib/display';
import { FinanceStatusTag } from './finance-status-tag';
import { DecisionModal } from './settlement-decision-modal';

const STATUSES: SettlementStatus[] = ['pending', 'paid', 'cancelled', 'failed'];

/**
 * Settlement applications: an earner's own history, or for staff the queue (pending first by
 * default) with approve (paid, with the payout reference), reject (cancelled) and failed.
 */
export function SettlementsTable({ staff, testId }: { staff: boolean; testId: string }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const [status, setStatus] = useState<SettlementStatus | undefined>(staff ? 'pending' : undefined);
  const paging = usePaging();
  const [deciding, setDeciding] = useState<{ kind: SettlementDecision['kind']; settlement: Settlement } | null>(null);
  const query = useSettlements({ status, page: paging.page, page_size: paging.size });

  const columns: DataColumn<Settlement>[] = [
    {
      key: 'id',
      title: staff ? t('fields.party') : t('fields.transaction_id'),
      width: 190,
      phone: 'title',
      ellipsis: true,
      render: (_, row) => (
        <div className="fin-cell-stack">
          <span className="fin-cell-stack__main" title={staff ? row.party_name : undefined}>{staff ? row.party_name : `S-${row.id}`}</span>
          <span className="fin-cell-stack__sub">{staff ? `S-${row.id} · ${t(`party_kind.${row.party_role === 'studio' ? 'studio' : 'agent'}`)}` : formatDate(row.apply_time)}</span>
        </div>
      ),
    },
    { key: 'status', title: t('fields.status'), width: 120, phone: 'status', render: (_, row) => <FinanceStatusTag status={row.status} /> },
    {
      key: 'period',
      title: t('fields.period'),
      width: 200,
      render: (_, row) => `${formatDate(row.period_start, DATE_FORMAT)} – ${formatDate(row.period_end, DATE_FORMAT)}`,
    },
    { key: 'gross', title: t('fields.applied'), width: 120, align: 'right', render: (_, row) => <span className="fin-num">{formatUsd(row.gross_cents, language)}</span> },
    {
      key: 'fee',
      title: t('fields.platform_fee'),
      width: 140,
      align: 'right',
      render: (_, row) => <span className="fin-num">{`${formatUsd(row.fee_cents, language)} (${percentOf(row.fee_bps)})`}</span>,
    },
    {
      key: 'net',
      title: t('fields.to_receive'),
      width: 130,
      align: 'right',
      render: (_, row) => (
        <strong className="fin-num" data-testid="settlement-net">
          {formatUsd(row.amount_cents, language)}
        </strong>
      ),
    },
    ...(staff
      ? [
          {
            key: 'verification',
            title: t('fields.verification'),
            // As wide as its longest word in this language, plus the tag's own padding: a fixed
            // 140 px cut "Not submitted" and "En revisión" at laptop widths.
            width: fitWidth([t('fields.verification'), ...PAYEE_VERIFICATION_STATES.map((state) => t(`verification.${state}`))]) + 24,
            render: (_: unknown, row: Settlement) => (
              <Tag color={row.verification === 'approved' ? 'success' : row.verification === 'rejected' ? 'error' : 'warning'} variant="filled">
                {t(`verification.${row.verification}`)}
              </Tag>
            ),
          },
        ]
      : []),
    { key: 'reference', title: t('fields.reference'), width: 170, ellipsis: true, render: (_, row) => row.payout_reference ?? row.reason ?? '—' },
    { key: 'applied_at', phone: 'hidden', title: t('fields.apply_time'), width: 150, render: (_, row) => formatDate(row.apply_time) },
    { key: 'processed', title: t('fields.process_time'), width: 150, render: (_, row) => formatDate(row.process_time) },
    ...(staff
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 130,
            fixed: 'right' as const,
            render: (_: unknown, row: Settlement) =>
              row.status === 'pending' ? (
                <Dropdown
                  trigger={['click']}
                  placement="bottomRight"
                  menu={{
                    items: [
                      { key: 'approve', label: <span data-testid="action-approve">{t('actions.approve')}</span>, onClick: () => setDeciding({ kind: 'approve', settlement: row }) },
                      { key: 'reject', label: <span data-testid="action-reject">{t('actions.reject')}</span>, onClick: () => setDeciding({ kind: 'reject', settlement: row }) },
                      { type: 'divider' },
                      { key: 'fail', danger: true, label: <span data-testid="action-fail">{t('actions.fail')}</span>, onClick: () => setDeciding({ kind: 'fail', settlement: row }) },
                    ],
                  }}
                >
                  <Button size="small" data-testid="settlement-decide">
                    {t('actions.decide')} <DownOutlined />
                  </Button>
                </Dropdown>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <ListFilters active={status ? 1 : 0} testId="settlement-filters">
        <FilterSelect<SettlementStatus>
          label={t('filters.status')}
          value={status}
          onChange={(next) => {
            setStatus(next ?? undefined);
            paging.toFirst();
          }}
          options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          data-testid="filter-settlement-status"
        />
      </ListFilters>
      <DataTable<Settlement>
        query={query}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `settlement-${row.id}`}
        testId={testId}
        emptyTitle={t(staff ? 'empty.queue' : 'empty.settlements')}
        filtered={status !== undefined}
      />
      <DecisionModal decision={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
