import type { api, ResponseOf } from '@nearcast/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InlineLoadFailed } from '../../../components/list-state';

type Counts = ResponseOf<typeof api.client.count>;

const ROWS = ['paid', 'unpaid', 'expired', 'new_this_month'] as const;

/** Accounts of one kind by payment state (spec §4: paid, unpaid, expired) and new this month. */
export function CountCard({
  title,
  icon,
  query,
  testId,
  link,
}: {
  title: string;
  icon: ReactNode;
  query: UseQueryResult<Counts>;
  testId: string;
  link?: { to: string; label: string };
}) {
  const { t } = useTranslation('stats');
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (query.isError)
    body = <InlineLoadFailed onRetry={() => void query.refetch()} />;
  else
    body = (
      <>
        <div className="stats-count__total" data-testid={`${testId}-total`}>
          {query.data.total.toLocaleString()}
        </div>
        <dl className="stats-count__rows">
          {ROWS.map((key) => (
            <div key={key} className={`stats-count__row stats-count__row--${key}`}>
              <dt>
                <span className="stats-dot" aria-hidden="true" />
                {t(`counts.${key}`)}
              </dt>
              <dd data-testid={`${testId}-${key}`}>{query.data[key].toLocaleString()}</dd>
            </div>
          ))}
        </dl>
      </>
    );
  return (
    <Card
      className="stats-card"
      title={
        <span className="stats-card__title">
          {icon} {title}
        </span>
      }
      extra={link && <Link to={link.to}>{link.label}</Link>}
      data-testid={testId}
    >
      {body}
    </Card>
  );
}
