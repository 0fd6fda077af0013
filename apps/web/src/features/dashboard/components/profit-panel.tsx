import { FundOutlined } from '@ant-design/icons';
import type { DashboardRange } from '@nearcast/contract';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/list-state';
import { currentLanguage } from '../../../lib/i18n';
import { useDashboardProfit } from '../api/dashboard-profit';
import { ChangeHint, formatFigure } from './figure-tile';
import './panels-styles';

/** /v1/dashboard/profit for staff: what went to studios and agents, and what the platform kept. */
export function ProfitPanel({ range }: { range: DashboardRange }) {
  const { t } = useTranslation('dashboard');
  const locale = currentLanguage();
  const profit = useDashboardProfit(range);

  let body;
  if (profit.isPending) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (profit.isError && !profit.data) body = <InlineLoadFailed onRetry={() => void profit.refetch()} retryTestId="profit-retry" />;
  else {
    const rows = [
      { key: 'commission', figure: profit.data.commission_cents },
      { key: 'platform_profit', figure: profit.data.platform_profit_cents },
    ] as const;
    body = (
      <dl className={profit.isFetching ? 'dash-pairs dash-panel--stale' : 'dash-pairs'}>
        {rows.map(({ key, figure }) =>
          figure ? (
            <div key={key}>
              <dt>{t(`profit.${key}`)}</dt>
              <dd data-testid={`profit-${key}`}>
                {formatFigure(figure.value, true, locale)}
                <ChangeHint figure={figure} money testId={`profit-${key}-change`} />
              </dd>
            </div>
          ) : null,
        )}
      </dl>
    );
  }

  return (
    <Card className="dash-card" title={<span className="nc-card-title"><FundOutlined /> {t('profit.title')}</span>} data-testid="profit-panel">
      {body}
    </Card>
  );
}
