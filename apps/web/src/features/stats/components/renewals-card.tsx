import type { AccountSummary } from '@nearcast/contract';
import { Card, Empty, Pagination, Segmented, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useExpiringClients } from '../api/expiring-clients';
import { formatUsPhone } from '../lib/phone';
import { daysLeft, DEFAULT_RENEWAL_WINDOW, RENEWAL_WINDOWS, urgencyOf, type RenewalWindow } from '../lib/renewals';
import { LoadFailed } from './load-failed';

const URGENCY_COLOR = { urgent: 'error', soon: 'warning', later: 'default' } as const;
const PAGE_SIZE = 10;

function ExpiryTag({ expireTime }: { expireTime: string | null }) {
  const { t } = useTranslation('stats');
  const left = daysLeft(expireTime);
  if (left === null) return null;
  return <Tag color={URGENCY_COLOR[urgencyOf(left)]}>{left === 0 ? t('renewals.today') : t('renewals.days_left', { count: left })}</Tag>;
}

const nameOf = (row: AccountSummary) => row.name || row.username || row.email;

/** Phones get one card per merchant instead of a table that scrolls sideways. */
function RenewalList({ rows, showStudio }: { rows: AccountSummary[]; showStudio: boolean }) {
  const { t } = useTranslation('stats');
  return (
    <ul className="stats-renewals">
      {rows.map((row) => (
        <li key={row.id} className="stats-renewals__item" data-testid={`renewal-row-${row.email}`}>
          <div className="stats-renewals__head">
            <span className="stats-strong">{nameOf(row)}</span>
            <ExpiryTag expireTime={row.expire_time} />
          </div>
          {row.company_short_name && <div className="stats-muted">{row.company_short_name}</div>}
          <dl className="stats-renewals__facts">
            <div>
              <dt>{t('renewals.columns.expire')}</dt>
              <dd>{formatDate(row.expire_time)}</dd>
            </div>
            <div>
              <dt>{t('renewals.columns.phone')}</dt>
              <dd>{row.phone ? <a href={`tel:${row.phone}`}>{formatUsPhone(row.phone)}</a> : '—'}</dd>
            </div>
            <div>
              <dt>{t('renewals.columns.wechat')}</dt>
              <dd>{row.wechat || '—'}</dd>
            </div>
            {showStudio && (
              <div>
                <dt>{t('renewals.columns.studio')}</dt>
                <dd>{row.studio_name || '—'}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec §2 "Statistics": renewals expiring soon, with a 7 / 15 / 30 day window. Partners also
 * see which studio serves each merchant.
 */
export function RenewalsCard({ showStudio, extra }: { showStudio: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('stats');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [days, setDays] = useState<RenewalWindow>(DEFAULT_RENEWAL_WINDOW);
  const [page, setPage] = useState(1);
  const renewals = useExpiringClients({ days, page, page_size: PAGE_SIZE });
  const rows = renewals.data?.list ?? [];
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('renewals.empty', { days })} />;

  const columns: TableColumnsType<AccountSummary> = [
    { title: t('renewals.columns.name'), key: 'name', render: (_: unknown, row) => <span className="stats-strong">{nameOf(row)}</span> },
    { title: t('renewals.columns.company'), dataIndex: 'company_short_name', key: 'company', render: (value: string) => value || '—' },
    {
      title: t('renewals.columns.phone'),
      dataIndex: 'phone',
      key: 'phone',
      render: (value: string) => (value ? <span className="stats-nowrap">{formatUsPhone(value)}</span> : '—'),
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
        <span className="stats-expiry">
          <span>{formatDate(value)}</span>
          <ExpiryTag expireTime={value} />
        </span>
      ),
    },
  ];

  let body;
  if (renewals.isError && !renewals.data) {
    body = (
      <LoadFailed onRetry={() => void renewals.refetch()} testId="renewals-retry" />
    );
  } else if (isPhone) {
    body = renewals.isPending ? (
      <Skeleton active paragraph={{ rows: 3 }} title={false} />
    ) : rows.length === 0 ? (
      empty
    ) : (
      <div className={renewals.isFetching ? 'stats-fading' : undefined}>
        <RenewalList rows={rows} showStudio={showStudio} />
        <Pagination
          className="stats-pagination"
          current={page}
          pageSize={PAGE_SIZE}
          total={renewals.data?.total ?? 0}
          onChange={setPage}
          hideOnSinglePage
          size="small"
          simple
        />
      </div>
    );
  } else {
    body = (
      <Table<AccountSummary>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={renewals.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': `renewal-row-${row.email}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: renewals.isPending ? <div className="stats-empty" /> : empty }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: renewals.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, size: 'small' }}
      />
    );
  }

  return (
    <Card className="stats-card" title={t('renewals.title')} extra={extra} data-testid="renewals">
      <div className="stats-card__toolbar">
        <span className="stats-muted">{t('renewals.lead')}</span>
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
      {body}
      {renewals.data && renewals.data.total > 0 && (
        <p className="stats-muted stats-card__foot" data-testid="renewals-total">
          {t('renewals.total', { count: renewals.data.total, days })}
        </p>
      )}
    </Card>
  );
}
