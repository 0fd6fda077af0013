import { FunnelPlotOutlined } from '@ant-design/icons';
import { PROMOTION_STATS_DAYS, type PromotionStats } from '@nearcast/contract';
import { Card, Segmented, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/list-state';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { LazyTrendChart } from '../../../components/lazy-trend-chart';
import { usePromotionStats } from '../api/promotion-stats';
import '../../../components/surface.css';
import './funnel-card.css';

type Days = (typeof PROMOTION_STATS_DAYS)[number];
const CHART_HEIGHT = 200;

/** One step's share of the step before it, as a whole percent; null when the step before is empty. */
function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}

function Step({ label, value, note, testId }: { label: string; value: string; note?: string | null; testId: string }) {
  return (
    <div className="promo-funnel__step" data-testid={testId}>
      <span className="promo-funnel__label">{label}</span>
      <strong className="promo-funnel__value" data-testid={`${testId}-value`}>
        {value}
      </strong>
      {note && <span className="promo-funnel__note">{note}</span>}
    </div>
  );
}

/**
 * What the link brought over the last 7, 30 or 90 days: distinct visitors (and how many scanned
 * the QR code), the signups, those that paid, and the commission earned from them, each with its
 * rate from the step before; then visitors per day.
 */
export function FunnelCard({ accountId }: { accountId?: number }) {
  const { t } = useTranslation('promotion');
  const locale = currentLanguage();
  const [days, setDays] = useState<Days>(30);
  const stats = usePromotionStats({ days, ...(accountId ? { account_id: accountId } : {}) });
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const points = useMemo(() => (stats.data?.days ?? []).map((day) => ({ date: day.day, value: day.visits })), [stats.data]);

  let body;
  if (stats.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (stats.isError && !stats.data) body = <InlineLoadFailed onRetry={() => void stats.refetch()} retryTestId="funnel-retry" />;
  else {
    const totals: PromotionStats['totals'] = stats.data.totals;
    const signupRate = rate(totals.signups, totals.visits);
    const paidRate = rate(totals.paid, totals.signups);
    body = (
      <div className={stats.isFetching ? 'promo-funnel promo-funnel--stale' : 'promo-funnel'} data-testid="promotion-funnel">
        <div className="promo-funnel__steps">
          <Step label={t('funnel.visits')} value={number(totals.visits)} note={t('funnel.scans', { count: totals.scans })} testId="funnel-visits" />
          <Step label={t('funnel.signups')} value={number(totals.signups)} note={signupRate === null ? null : t('funnel.rate', { rate: signupRate })} testId="funnel-signups" />
          <Step label={t('funnel.paid')} value={number(totals.paid)} note={paidRate === null ? null : t('funnel.rate', { rate: paidRate })} testId="funnel-paid" />
          <Step label={t('funnel.commission')} value={formatUsd(totals.commission_cents, locale)} testId="funnel-commission" />
        </div>
        {totals.visits === 0 ? (
          <p className="promo-funnel__empty" data-testid="funnel-empty">
            {t('funnel.empty')}
          </p>
        ) : (
          <div role="img" aria-label={t('funnel.chart_label', { count: totals.visits })} data-testid="funnel-chart">
            <LazyTrendChart
              points={points}
              label={t('funnel.visits')}
              height={CHART_HEIGHT}
              color="#22d3ee"
              formatValue={number}
              formatAxis={number}
              formatDate={(date) => dayjs(date).format('MM/DD')}
            />
          </div>
        )}
      </div>
    );
  }

  return (
    <Card
      className="promo-card promo-funnel-card"
      title={
        <span className="nc-card-title">
          <FunnelPlotOutlined /> {t('funnel.title')}
        </span>
      }
    >
      {/* In the body, not the card's head: beside the title it would not fit a phone. */}
      <Segmented<Days>
        className="promo-funnel__range"
        size="small"
        value={days}
        onChange={setDays}
        aria-label={t('funnel.days_label')}
        options={PROMOTION_STATS_DAYS.map((value) => ({ value, label: <span data-testid={`funnel-days-${value}`}>{t('funnel.days', { days: value })}</span> }))}
      />
      {body}
    </Card>
  );
}
