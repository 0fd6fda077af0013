import { EnvironmentOutlined, TrophyOutlined } from '@ant-design/icons';
import type { DashboardRange } from '@nearcast/contract';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InlineLoadFailed } from '../../../components/list-state';
import { RankedList } from '../../../components/ranked-list';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { useDashboardStudio } from '../api/dashboard-studio';
import { ChangeHint } from './figure-tile';
import './panels-styles';

const PLACES_SHOWN = 6;

/**
 * /v1/dashboard/studio for agents and staff: how many studios, the ones that brought in most over
 * the range, and how full each city is against its places (spec: 100 a city).
 */
export function TopStudiosPanel({ range }: { range: DashboardRange }) {
  const { t } = useTranslation('dashboard');
  const locale = currentLanguage();
  const studios = useDashboardStudio(range);

  let body;
  if (studios.isPending) body = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  else if (studios.isError && !studios.data) body = <InlineLoadFailed onRetry={() => void studios.refetch()} retryTestId="studios-retry" />;
  else {
    const { data } = studios;
    const places = [...data.places].sort((a, b) => b.used / Math.max(1, b.limit) - a.used / Math.max(1, a.limit)).slice(0, PLACES_SHOWN);
    body = (
      <div className={studios.isFetching ? 'dash-panel dash-panel--stale' : 'dash-panel'}>
        <dl className="dash-pairs">
          <div>
            <dt>{t('studios.count')}</dt>
            <dd data-testid="studios-count">
              {data.count.value.toLocaleString(locale)}
              <ChangeHint figure={data.count} money={false} testId="studios-count-change" />
            </dd>
          </div>
          <div>
            <dt>{t('studios.new')}</dt>
            <dd data-testid="studios-new">
              {data.new.value.toLocaleString(locale)}
              <ChangeHint figure={data.new} money={false} testId="studios-new-change" />
            </dd>
          </div>
        </dl>
        <h3 className="dash-subtitle">{t('studios.top')}</h3>
        {data.top.length === 0 ? (
          <p className="dash-muted" data-testid="studios-top-empty">{t('studios.top_empty')}</p>
        ) : (
          <RankedList
            testId="studios-top"
            rowTestId={(id) => `studios-top-${id}`}
            rows={data.top.map((studio) => ({
              id: studio.id,
              name: studio.name,
              // Ranked by what the studio took in; a refund of an earlier payment can turn the
              // period's net negative, so net and refunds are shown apart, never as the rank.
              value: studio.gross_cents,
              figures: (
                <>
                  <span className="dash-strong" data-testid="studios-top-sales">{formatUsd(studio.gross_cents, locale)}</span>
                  {studio.refunds_cents > 0 && (
                    <span className="dash-muted" data-testid="studios-top-refunds">
                      {t('studios.net_refunds', {
                        net: formatUsd(studio.revenue_cents, locale),
                        refunds: formatUsd(studio.refunds_cents, locale),
                      })}
                    </span>
                  )}
                  <span className="dash-muted">{t('studios.clients', { count: studio.clients })}</span>
                </>
              ),
            }))}
          />
        )}
        {places.length > 0 && (
          <>
            <h3 className="dash-subtitle">
              <EnvironmentOutlined /> {t('studios.places')}
            </h3>
            <ul className="dash-places" data-testid="studios-places">
              {places.map((city) => (
                <li key={city.area_id}>
                  <span className="dash-places__city" title={city.city}>{city.city}</span>
                  <span
                    className="dash-places__bar"
                    role="meter"
                    aria-valuemin={0}
                    aria-valuemax={city.limit}
                    aria-valuenow={city.used}
                    aria-label={t('studios.places_of', { city: city.city, used: city.used, limit: city.limit })}
                  >
                    <span style={{ width: `${Math.min(100, Math.round((city.used / Math.max(1, city.limit)) * 100))}%` }} />
                  </span>
                  <span className="dash-muted dash-places__count">{t('studios.used', { used: city.used.toLocaleString(locale), limit: city.limit.toLocaleString(locale) })}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  }

  return (
    <Card
      className="dash-card"
      title={<span className="nc-card-title"><TrophyOutlined /> {t('studios.title')}</span>}
      extra={<Link to="/agents">{t('studios.all')}</Link>}
      data-testid="studios-panel"
    >
      {body}
    </Card>
  );
}
