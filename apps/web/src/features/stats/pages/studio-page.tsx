import { CalendarOutlined, CheckCircleOutlined, ClockCircleOutlined, QrcodeOutlined, ShopOutlined, StopOutlined } from '@ant-design/icons';
import { INFO_STATUS } from '@nearcast/contract';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { SettleStep } from '../../onboarding';
import { useClientCount } from '../../../api/client-count';
import { LinkButton } from '../../../components/link-button';
import { RenewalsCard } from '../components/renewals-card';
import { StatTile } from '../../../components/stat-tiles';
import './stats.css';
import { LoadFailed } from '../../../components/list-state';

/**
 * Spec §2 "Statistics", the studio's view: its merchants and the renewals coming up. A paid
 * studio whose information is incomplete is sent here by the guard (spec §4) and fills in the
 * settle form of the onboarding feature instead.
 */
export function StudioPage() {
  const { t } = useTranslation('stats');
  const { user } = useSession();

  if (!user) return <Result status="warning" title={t('no_session')} />;

  if (user.info_status === INFO_STATUS.incomplete) return <SettleStep role="studio" />;

  return <StudioStats />;
}

function StudioStats() {
  const { t } = useTranslation('stats');
  const clients = useClientCount();
  const dash = '—';
  const value = (key: 'total' | 'paid' | 'unpaid' | 'expired' | 'new_this_month') => clients.data?.[key].toLocaleString() ?? dash;

  return (
    <div className="stats">
      <PageHeader
        subtitle={t('studio.subtitle')}
        extra={
          <div className="stats-header-links">
            <LinkButton to="/clients" icon={<ShopOutlined />} data-testid="studio-link-clients">{t('links.clients')}</LinkButton>
            <LinkButton to="/dashboard" type="text" data-testid="studio-link-dashboard">{t('links.dashboard')}</LinkButton>
          </div>
        }
      />

      {clients.isError && !clients.data ? (
        <LoadFailed error={clients.error} onRetry={() => void clients.refetch()} retryTestId="studio-retry" />
      ) : (
        <div className="stats-tiles stats-tiles--5" data-testid="studio-tiles">
          <StatTile label={t('tiles.clients')} icon={<ShopOutlined />} loading={clients.isPending} value={value('total')} testId="tile-clients" accent />
          <StatTile label={t('counts.paid')} icon={<CheckCircleOutlined />} loading={clients.isPending} value={value('paid')} testId="tile-paid" />
          <StatTile label={t('counts.unpaid')} icon={<ClockCircleOutlined />} loading={clients.isPending} value={value('unpaid')} testId="tile-unpaid" />
          <StatTile label={t('counts.expired')} icon={<StopOutlined />} loading={clients.isPending} value={value('expired')} testId="tile-expired" />
          <StatTile label={t('counts.new_this_month')} icon={<CalendarOutlined />} loading={clients.isPending} value={value('new_this_month')} testId="tile-new" />
        </div>
      )}

      <RenewalsCard showStudio={false} extra={<Link to="/clients">{t('links.all_clients')}</Link>} />

      <Card className="stats-promo" data-testid="studio-promotion">
        <div className="stats-promo__icon" aria-hidden="true">
          <QrcodeOutlined />
        </div>
        <div className="stats-promo__text">
          <h2>{t('studio.promo.title')}</h2>
          <p>{t('studio.promo.body')}</p>
        </div>
        <LinkButton to="/promotion" type="primary" data-testid="studio-promotion-link">{t('studio.promo.action')}</LinkButton>
      </Card>
    </div>
  );
}
