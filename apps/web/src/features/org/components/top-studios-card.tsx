import { TrophyOutlined } from '@ant-design/icons';
import { Card, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useTopStudios } from '../api/top-studios';
import { formatUsd } from '../../../lib/money';

type RankBy = 'clients' | 'sales';

/** /v1/studio/top: the leading studios in scope, by clients or by sales, with a relative bar. */
export function TopStudiosCard() {
  const { t } = useTranslation('org');
  const [by, setBy] = useState<RankBy>('clients');
  const top = useTopStudios({ by, limit: 5 });
  const language = currentLanguage();
  const list = top.data?.list ?? [];
  const valueOf = (item: (typeof list)[number]) => (by === 'clients' ? item.client_count : item.sales_cents);
  const max = Math.max(1, ...list.map(valueOf));

  let body;
  if (top.isPending) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (top.isError) body = <p className="org-muted">{t('feedback.load_failed')}</p>;
  else if (list.length === 0) body = <p className="org-muted">{t('studios.top_empty')}</p>;
  else
    body = (
      <ol className="org-rank" data-testid="top-studios-list">
        {list.map((item, index) => (
          <li key={item.id} className="org-rank__item">
            <span className={`org-rank__place org-rank__place--${index + 1}`}>{index + 1}</span>
            <div className="org-rank__info">
              <div className="org-rank__line">
                <span className="org-rank__name">{item.company_short_name || item.name}</span>
                <span className="org-rank__value">
                  {by === 'clients' ? t('studios.client_count', { count: item.client_count }) : formatUsd(item.sales_cents, language)}
                </span>
              </div>
              <div className="org-rank__bar" aria-hidden="true">
                <span style={{ width: `${Math.round((valueOf(item) / max) * 100)}%` }} />
              </div>
            </div>
          </li>
        ))}
      </ol>
    );

  return (
    <Card
      size="small"
      className="org-rank-card"
      data-testid="top-studios"
      title={
        <span className="org-rank-card__title">
          <TrophyOutlined /> {t('studios.top_title')}
        </span>
      }
      extra={
        <Segmented<RankBy>
          size="small"
          value={by}
          onChange={setBy}
          options={[
            { value: 'clients', label: t('studios.by_clients') },
            { value: 'sales', label: t('studios.by_sales') },
          ]}
          data-testid="top-studios-by"
        />
      }
    >
      {body}
    </Card>
  );
}
