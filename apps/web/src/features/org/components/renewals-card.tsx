import { partyName, type AccountSummary } from '@nearcast/contract';
import { Card, Segmented, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { daysLeftHere } from '../../../lib/days-left';
import { formatDate } from '../../../lib/format-date';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useExpiringClients } from '../api/expiring-clients';
import { formatUsPhone } from '../../../lib/phone';
import { DEFAULT_RENEWAL_WINDOW, RENEWAL_WINDOWS, urgencyOf, type RenewalWindow } from '../utils/renewals';

const URGENCY_COLOR = { urgent: 'error', soon: 'warning', later: 'default' } as const;
const PAGE_SIZE = 10;

function ExpiryTag({ expireTime }: { expireTime: string | null }) {
  const { t } = useTranslation('org');
  const left = daysLeftHere(expireTime);
  if (left === null) return null;
  return <Tag color={URGENCY_COLOR[urgencyOf(left)]}>{left === 0 ? t('renewals.today') : t('renewals.days_left', { count: left })}</Tag>;
}

const nameOf = (row: AccountSummary) => partyName(row);

/**
 * Spec §2 "Statistics": renewals expiring soon, with a 7 / 15 / 30 day window. Partners also
 * see which studio serves each merchant.
 */
export function RenewalsCard({ showStudio, extra }: { showStudio: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('org');
  const [days, setDays] = useState<RenewalWindow>(DEFAULT_RENEWAL_WINDOW);
  const [page, setPage] = useState(1);
  const renewals = useExpiringClients({ days, page, page_size: PAGE_SIZE });

  const columns: DataColumn<AccountSummary>[] = [
    { title: t('renewals.columns.name'), key: 'name', phone: 'title', render: (_: unknown, row) => <span className="org-strong">{nameOf(row)}</span> },
    { title: t('renewals.columns.company'), dataIndex: 'company_short_name', key: 'company', render: (value: string) => value || '—' },
    {
      title: t('renewals.columns.phone'),
      dataIndex: 'phone',
      key: 'phone',
      render: (value: string) => (value ? <a className="org-nowrap" href={`tel:${value}`}>{formatUsPhone(value)}</a> : '—'),
    },
    { title: t('renewals.columns.wechat'), dataIndex: 'wechat', key: 'wechat', render: (value: string) => value || '—' },
    ...(showStudio
      ? [{ title: t('renewals.columns.studio'), dataIndex: 'studio_name', key: 'studio', render: (value: string | null) => value || '—' }]
      : []),
    {
      title: t('renewals.columns.expire'),
      dataIndex: 'expire_time',
      key: 'expire',
      render: (value: string | null) => (
        <span className="org-expiry">
          <span>{formatDate(value)}</span>
          <ExpiryTag expireTime={value} />
        </span>
      ),
    },
  ];

  return (
    <Card className="org-card" title={t('renewals.title')} extra={extra} data-testid="renewals">
      <div className="org-card__toolbar">
        <span className="org-note">{t('renewals.lead')}</span>
        <Segmented<RenewalWindow>
          value={days}
          onChange={(value) => {
            setDays(value);
            setPage(1);
          }}
          options={RENEWAL_WINDOWS.map((value) => ({ value, label: <span data-testid={`renewals-days-${value}`}>{t('renewals.window', { days: value })}</span> }))}
          aria-label={t('renewals.window_label')}
        />
      </div>
      <DataTable<AccountSummary>
        query={renewals}
        columns={columns}
        page={page}
        pageSize={PAGE_SIZE}
        pageSizes={[PAGE_SIZE]}
        onPageChange={(next) => setPage(next)}
        rowTestId={(row) => `renewal-row-${row.email}`}
        testId="renewals-table"
        emptyTitle={t('renewals.empty', { days })}
        errorTitle={t('common:states.load_failed')}
        retryTestId="renewals-retry"
      />
      {renewals.data && renewals.data.total > 0 && (
        <p className="org-note org-card__foot" data-testid="renewals-total">
          {t('renewals.total', { count: renewals.data.total, days })}
        </p>
      )}
    </Card>
  );
}
