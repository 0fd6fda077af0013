import { TrophyOutlined } from '@ant-design/icons';
import { partyName } from '@nearcast/contract';
import { Card, Empty, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { useTopStudios, type TopBy } from '../api/top-studios';
import { formatUsd } from '../../../lib/money';
import '../../../components/surface.css';
import '../pages/center.css';
import { InlineLoadFailed } from '../../../components/list-state';
import { RankedList } from '../../../components/ranked-list';

const LIMIT = 5;

/**
 * The leading studios in the caller's scope, by merchants served or by sales
 * (/v1/studio/top), beside the studio list on /agents, where the link to all studios would point
 * at the page itself. The agent center ranks its studios over a range with the dashboard's panel.
 */
export function TopStudiosCard({ allStudiosLink = true }: { allStudiosLink?: boolean }) {
  const { t } = useTranslation('org');
  const [by, setBy] = useState<TopBy>('clients');
  const top = useTopStudios({ by, limit: LIMIT });
  const language = currentLanguage();

  let body;
  if (top.isPending) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (top.isError && !top.data)
    body = <InlineLoadFailed onRetry={() => void top.refetch()} />;
  else if (top.data.list.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('top_studios.empty')} />;
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
              <span className={by === 'clients' ? 'org-strong' : 'org-note'}>{t('top_studios.clients', { count: studio.client_count })}</span>
              <span className={by === 'sales' ? 'org-strong' : 'org-note'}>{formatUsd(studio.sales_cents, language)}</span>
            </>
          ),
        }))}
      />
    );
  }

  return (
    <Card
      className="org-card"
      title={
        <span className="nc-card-title">
          <TrophyOutlined /> {t('top_studios.title')}
        </span>
      }
      extra={allStudiosLink ? <Link to="/agents">{t('top_studios.all_studios')}</Link> : undefined}
      data-testid="top-studios"
    >
      <div className="org-card__toolbar">
        <Segmented<TopBy>
          value={by}
          onChange={setBy}
          options={[
            { value: 'clients', label: <span data-testid="top-by-clients">{t('top_studios.by_clients')}</span> },
            { value: 'sales', label: <span data-testid="top-by-sales">{t('top_studios.by_sales')}</span> },
          ]}
          aria-label={t('top_studios.by_label')}
        />
      </div>
      {body}
    </Card>
  );
}
