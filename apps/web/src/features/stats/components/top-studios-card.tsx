import { TrophyOutlined } from '@ant-design/icons';
import { partyName } from '@nearcast/contract';
import { Card, Empty, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { useTopStudios, type TopBy } from '../api/top-studios';
import { formatUsd } from '../../../lib/money';
import '../pages/stats.css';
import { InlineLoadFailed } from '../../../components/list-state';
import { RankedList } from '../../../components/ranked-list';

const LIMIT = 5;

/**
 * The leading studios in the caller's scope, by merchants served or by sales
 * (/v1/studio/top): on the agent center, and beside the studio list on /agents, where the link
 * to all studios would point at the page itself.
 */
export function TopStudiosCard({ allStudiosLink = true }: { allStudiosLink?: boolean }) {
  const { t } = useTranslation('stats');
  const [by, setBy] = useState<TopBy>('clients');
  const top = useTopStudios({ by, limit: LIMIT });
  const language = currentLanguage();

  let body;
  if (top.isPending) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (top.isError && !top.data)
    body = <InlineLoadFailed onRetry={() => void top.refetch()} />;
  else if (top.data.list.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('top.empty')} />;
  else {
    body = (
      <RankedList
        stale={top.isFetching}
        testId="top-studios-list"
        rowTestId={(id) => `top-studio-${id}`}
        rows={top.data.list.map((studio) => ({
          id: studio.id,
          name: partyName(studio),
          detail: studio.company_short_name ? studio.name : undefined,
          value: by === 'clients' ? studio.client_count : studio.sales_cents,
          figures: (
            <>
              <span className={by === 'clients' ? 'stats-strong' : 'stats-muted'}>{t('top.clients', { count: studio.client_count })}</span>
              <span className={by === 'sales' ? 'stats-strong' : 'stats-muted'}>{formatUsd(studio.sales_cents, language)}</span>
            </>
          ),
        }))}
      />
    );
  }

  return (
    <Card
      className="stats-card"
      title={
        <span className="stats-card__title">
          <TrophyOutlined /> {t('top.title')}
        </span>
      }
      extra={allStudiosLink ? <Link to="/agents">{t('links.all_studios')}</Link> : undefined}
      data-testid="top-studios"
    >
      <div className="stats-card__toolbar">
        <Segmented<TopBy>
          value={by}
          onChange={setBy}
          options={[
            { value: 'clients', label: <span data-testid="top-by-clients">{t('top.by_clients')}</span> },
            { value: 'sales', label: <span data-testid="top-by-sales">{t('top.by_sales')}</span> },
          ]}
          aria-label={t('top.by_label')}
        />
      </div>
      {body}
    </Card>
  );
}
