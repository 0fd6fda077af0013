import { DownloadOutlined } from '@ant-design/icons';
import type { FinanceRecord } from '@nearcast/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, type DataColumn } from '../../../components/data-table';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { downloadReceipt } from '../api/download-receipt';
import { useRecords, type RecordsQuery } from '../api/list-records';
import { percentOf } from '../lib/display';
import { FinanceStatusTag } from './finance-status-tag';
import { RefundModal } from './refund-modal';

/** Which columns a list shows: a payer's payments, an earner's commissions, or every record (staff). */
export type RecordsView = 'payments' | 'earnings' | 'all';

export type RecordFilters = Omit<RecordsQuery, 'page' | 'page_size'>;

/** Who sent or got the money, 'Platform' where nobody in particular did. */
export function useParty() {
  const { t } = useTranslation('finance');
  return (id: number | null, name: string | null) => (id === null ? t('party.platform') : (name ?? `#${id}`));
}

export function ReceiptButton({ paymentId, size = 'small' }: { paymentId: number; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('finance');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadReceipt(paymentId, currentLanguage())
          .catch((error: unknown) => {
            if (!isSignedOut(error)) notifyError(failureText(t('feedback.download_failed'), error));
          })
          .finally(() => setBusy(false));
      }}
      data-testid="receipt-download"
    >
      {t('actions.receipt')}
    </Button>
  );
}

/**
 * The Finance records of spec §3 in the caller's scope: transaction id, amount, user, receiver,
 * type, status, remark, create and process time; a payment's receipt where the caller paid it
 * (or may read it). A card per record on a phone.
 */
export function RecordsTable({
  view,
  filters,
  receipts,
  refunds = false,
  chosen = false,
  testId,
}: {
  view: RecordsView;
  filters: RecordFilters;
  receipts: boolean;
  /** Staff: a payment's row offers a refund. */
  refunds?: boolean;
  /**
   * The filters are the reader's choice (a filter bar above the table): an empty page then says
   * nothing matches them. A view's own fixed filter (earnings are commissions) is not a choice,
   * and its empty page says there is nothing yet.
   */
  chosen?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const party = useParty();
  const paging = usePaging();
  const [refunding, setRefunding] = useState<FinanceRecord | null>(null);
  const [lastFilters, setLastFilters] = useState(filters);
  // New filters start again at the first page.
  if (lastFilters !== filters && JSON.stringify(lastFilters) !== JSON.stringify(filters)) {
    setLastFilters(filters);
    paging.toFirst();
  }
  const query = useRecords({ ...filters, page: paging.page, page_size: paging.size });
  // Only a payment has a receipt or a refund: a page of refunds, commissions or settlements
  // would keep an empty sticky column over the remark it hides.
  const actionable = (query.data?.list ?? []).some((row) => row.type === 'payment' && row.payment_id !== null);

  const columns: DataColumn<FinanceRecord>[] = [
    {
      key: 'transaction',
      title: t('fields.transaction_id'),
      width: 150,
      phone: 'title',
      render: (_, row) => (
        <div className="fin-cell-stack">
          <span className="fin-cell-stack__main" data-testid="record-id" title={row.transaction_id}>{row.transaction_id}</span>
          <span className="fin-cell-stack__sub">{t(`type.${row.type}`)}</span>
        </div>
      ),
    },
    { key: 'status', title: t('fields.status'), width: 120, phone: 'status', render: (_, row) => <FinanceStatusTag status={row.status} /> },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 130,
      align: 'right',
      render: (_, row) => (
        <span className="fin-num" data-testid="record-amount">
          {formatUsd(row.amount_cents, language)}
        </span>
      ),
    },
    ...(view === 'earnings'
      ? []
      : [{ key: 'user', title: t('fields.user'), width: 180, ellipsis: true, render: (_: unknown, row: FinanceRecord) => party(row.user_id, row.user_name) }]),
    // An earner's own earnings all go to itself: its list names the merchant instead.
    ...(view === 'all' ? [{ key: 'receiver', title: t('fields.receiver'), width: 180, ellipsis: true, render: (_: unknown, row: FinanceRecord) => party(row.receiver_id, row.receiver_name) }] : []),
    ...(view === 'payments'
      ? []
      : [
          {
            key: 'rule',
            title: t('fields.rule'),
            width: 130,
            render: (_: unknown, row: FinanceRecord) =>
              row.rule_version !== null && row.rate_bps !== null ? t('rule_short', { version: row.rule_version, rate: percentOf(row.rate_bps) }) : '—',
          },
          {
            key: 'merchant',
            title: t('fields.merchant'),
            width: 180,
            ellipsis: true,
            phone: view === 'earnings' ? undefined : ('hidden' as const),
            render: (_: unknown, row: FinanceRecord) => (row.type === 'commission' ? party(row.user_id, row.user_name) : '—'),
          },
        ].filter((column) => view === 'earnings' || column.key === 'rule')),
    {
      key: 'remark',
      title: t('fields.remark'),
      width: 200,
      ellipsis: true,
      render: (_, row) => remarkOf(row, t, language) || '—',
    },
    { key: 'created', title: t('fields.create_time'), width: 150, render: (_, row) => formatDate(row.create_time) },
    { key: 'processed', title: t('fields.process_time'), width: 150, render: (_, row) => formatDate(row.process_time) },
    ...(receipts && actionable
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: refunds ? 200 : 130,
            fixed: 'right' as const,
            render: (_: unknown, row: FinanceRecord) =>
              row.type === 'payment' && row.payment_id !== null ? (
                <Space size={4} wrap>
                  <ReceiptButton paymentId={row.payment_id} />
                  {refunds && (
                    <Button size="small" danger onClick={() => setRefunding(row)} data-testid="refund-open">
                      {t('actions.refund')}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <DataTable<FinanceRecord>
        query={query}
        columns={columns}
        {...paging.table}
        rowTestId={(row) => `record-${row.transaction_id}`}
        testId={testId}
        emptyTitle={t(`empty.${view}`)}
        filtered={chosen && Object.values(filters).some((value) => value !== undefined)}
      />
      {refunds && <RefundModal payment={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}

/** What a record's remark says: the server's words, and for a commission what refunds took back. */
function remarkOf(row: FinanceRecord, t: (key: string, options?: Record<string, unknown>) => string, language: string): string {
  const parts = [row.remark];
  if (row.reversed_cents) parts.push(t('remark.reversed', { amount: formatUsd(row.reversed_cents, language) }));
  if (row.fee_cents !== null) parts.push(t('remark.fee', { amount: formatUsd(row.fee_cents, language) }));
  return parts.filter(Boolean).join(' · ');
}
