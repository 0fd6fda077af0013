import { ShopOutlined } from '@ant-design/icons';
import type { DashboardClientResponse, DashboardRange } from '@nearcast/contract';
import { Card, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InlineLoadFailed } from '../../../components/list-state';
import { daysLeftHere } from '../../../lib/days-left';
import { formatDate, DATE_FORMAT } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useDashboardClient } from '../api/dashboard-client';
import { ChangeHint } from './figure-tile';
import './panels-styles';

type FigureKey = 'count' | 'new' | 'paid' | 'renewed' | 'expired';
const ROWS: { key: FigureKey; higherIsBetter: boolean }[] = [
  { key: 'count', higherIsBetter: true },
  { key: 'new', higherIsBetter: true },
  { key: 'paid', higherIsBetter: true },
  { key: 'renewed', higherIsBetter: true },
  { key: 'expired', higherIsBetter: false },
];
const EXPIRING_SHOWN = 5;

function urgency(daysLeft: number): 'error' | 'warning' | 'default' {
  if (daysLeft <= 7) return 'error';
  if (daysLeft <= 15) return 'warning';
  return 'default';
}

function Expiring({ list, showStudio }: { list: DashboardClientResponse['expiring']; showStudio: boolean }) {
  const { t } = useTranslation('dashboard');
  if (list.length === 0) return <p className="dash-muted" data-testid="expiring-empty">{t('clients.expiring_empty')}</p>;
  return (
    <ul className="dash-expiring" data-testid="expiring-list">
      {list.slice(0, EXPIRING_SHOWN).map((client) => {
        // Counted here, in the zone the date beside it is shown in, like every other list of plans.
        const left = daysLeftHere(client.expires_at) ?? 0;
        return (
          <li key={client.id} data-testid={`expiring-${client.id}`}>
            <span className="dash-expiring__who">
              <span className="dash-strong">{client.name}</span>
              {showStudio && client.studio_name && <span className="dash-muted">{client.studio_name}</span>}
            </span>
            <span className="dash-expiring__when">
              <span className="dash-muted">{formatDate(client.expires_at, DATE_FORMAT)}</span>
              <Tag color={urgency(left)} data-testid="expiring-days-left">
                {left === 0 ? t('clients.today') : t('clients.days_left', { count: left })}
              </Tag>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /v1/dashboard/client: the merchants in scope over the range (how many, new, paid, renewed,
 * lapsed) and whose plan ends within 30 days, soonest first, so a studio can call them.
 */
export function ClientsPanel({ range, showStudio }: { range: DashboardRange; showStudio: boolean }) {
  const { t } = useTranslation('dashboard');
  const locale = currentLanguage();
  const clients = useDashboardClient(range);

  let body;
  if (clients.isPending) body = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  else if (clients.isError && !clients.data) body = <InlineLoadFailed onRetry={() => void clients.refetch()} retryTestId="clients-retry" />;
  else
    body = (
      <div className={clients.isFetching ? 'dash-panel dash-panel--stale' : 'dash-panel'}>
        <dl className="dash-pairs dash-pairs--wide">
          {ROWS.map(({ key, higherIsBetter }) => (
            <div key={key}>
              <dt>{t(`clients.${key}`)}</dt>
              <dd data-testid={`clients-${key}`}>
                {clients.data[key].value.toLocaleString(locale)}
                <ChangeHint figure={clients.data[key]} money={false} higherIsBetter={higherIsBetter} testId={`clients-${key}-change`} />
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="dash-subtitle">{t('clients.expiring')}</h3>
        <Expiring list={clients.data.expiring} showStudio={showStudio} />
      </div>
    );

  return (
    <Card
      className="dash-card"
      title={<span className="nc-card-title"><ShopOutlined /> {t('clients.title')}</span>}
      extra={<Link to="/clients">{t('clients.all')}</Link>}
      data-testid="clients-panel"
    >
      {body}
    </Card>
  );
}
