import { LineChartOutlined } from '@ant-design/icons';
import type { DashboardRange, DashboardScope } from '@nearcast/contract';
import { Card, Segmented, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTrendChart } from '../../../components/lazy-trend-chart';
import { InlineLoadFailed } from '../../../components/list-state';
import { currentLanguage } from '../../../lib/i18n';
import { useDashboardPay } from '../api/dashboard-pay';
import { chartPoints, trendSummary } from '../lib/trend';
import { formatFigure } from './figure-tile';
import './panels-styles';


type Metric = 'revenue' | 'plays';

const CHART_HEIGHT = 260;

function compact(value: number, money: boolean, locale: string): string {
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
    ...(money ? { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' } : {}),
  }).format(money ? value / 100 : value);
}

/**
 * The revenue trend of /v1/dashboard/pay over the range, one point a day (a week for the whole
 * network), and the plays trend from the same answer: a merchant opens on its plays, everyone
 * else on revenue.
 */
export function TrendCard({ range, scope }: { range: DashboardRange; scope: DashboardScope }) {
  const { t } = useTranslation('dashboard');
  const locale = currentLanguage();
  const [metric, setMetric] = useState<Metric>(scope === 'client' ? 'plays' : 'revenue');
  const pay = useDashboardPay(range);
  const money = metric === 'revenue';

  const days = useMemo(
    () => (pay.data?.trend ?? []).map((day) => ({ date: day.date, value: money ? day.revenue_cents : day.plays })),
    [pay.data, money],
  );
  const { points, weekly } = useMemo(() => chartPoints(days), [days]);
  const summary = useMemo(() => trendSummary(days), [days]);
  const label = t(money ? (scope === 'client' ? 'trend.series.spent' : 'trend.series.revenue') : 'trend.series.plays');

  let body;
  if (pay.isPending) body = <Skeleton.Node active className="dash-chart-skeleton" style={{ height: CHART_HEIGHT }} />;
  else if (pay.isError && !pay.data) body = <InlineLoadFailed onRetry={() => void pay.refetch()} retryTestId="trend-retry" />;
  else if (summary.best === null)
    body = (
      <div className="dash-chart-empty" style={{ height: CHART_HEIGHT }} data-testid="trend-empty">
        <LineChartOutlined aria-hidden="true" />
        <p>{t(money ? 'trend.empty_revenue' : 'trend.empty_plays')}</p>
      </div>
    );
  else
    body = (
      <>
        <p className="dash-chart-summary" data-testid="trend-summary">
          <span>
            {t('trend.total', { value: formatFigure(summary.total, money, locale) })}
          </span>
          <span className="dash-muted">
            {t('trend.best_day', { value: formatFigure(summary.best.value, money, locale), date: dayjs(summary.best.date).format('MM/DD') })}
          </span>
        </p>
        <div className={pay.isFetching ? 'dash-chart dash-chart--stale' : 'dash-chart'} data-testid="trend-chart" role="img" aria-label={t('trend.aria', { series: label, value: formatFigure(summary.total, money, locale) })}>
          {/* recharts arrives with the first panel that draws, after the page has painted its numbers. */}
          <LazyTrendChart
              points={points}
              label={label}
              height={CHART_HEIGHT}
              color={money ? '#7c5cff' : '#22d3ee'}
              formatValue={(value) => formatFigure(value, money, locale)}
              formatAxis={(value) => compact(value, money, locale)}
              formatDate={(date) => (weekly ? t('trend.week_of', { date: dayjs(date).format('MM/DD') }) : dayjs(date).format('MM/DD'))}
            />
        </div>
      </>
    );

  return (
    <Card
      className="dash-card"
      title={<span className="nc-card-title"><LineChartOutlined /> {t(money ? (scope === 'client' ? 'trend.spent_title' : 'trend.revenue_title') : 'trend.plays_title')}</span>}
      extra={
        <Segmented<Metric>
          size="small"
          value={metric}
          onChange={setMetric}
          aria-label={t('trend.metric_label')}
          options={[
            { value: 'revenue', label: <span data-testid="trend-metric-revenue">{t(scope === 'client' ? 'trend.metric.spent' : 'trend.metric.revenue')}</span> },
            { value: 'plays', label: <span data-testid="trend-metric-plays">{t('trend.metric.plays')}</span> },
          ]}
        />
      }
      data-testid="trend-card"
    >
      {body}
    </Card>
  );
}
