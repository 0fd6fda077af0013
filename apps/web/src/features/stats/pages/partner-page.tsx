import { ApartmentOutlined, DollarOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAgentCount } from '../../../api/agent-count';
import { useClientCount } from '../../../api/client-count';
import { useStudioCount } from '../../../api/studio-count';
import { CountCard } from '../components/count-card';
import { LinkButton } from '../../../components/link-button';
import { RenewalsCard } from '../components/renewals-card';
import { StatTile } from '../../../components/stat-tiles';
import { TopStudiosCard } from '../components/top-studios-card';
import { formatUsd } from '../../../lib/money';
import './stats.css';
import { LoadFailed } from '../../../components/list-state';

/**
 * Spec §2 "Statistics", the regional agent's view: its studios and their merchants, the
 * leading studios, and the renewals coming up — with the way into /agents and /clients.
 */
export function PartnerPage() {
  const { t } = useTranslation('stats');
  const { user } = useSession();
  const totals = useAgentCount();
  const studios = useStudioCount();
  const clients = useClientCount();
  const language = currentLanguage();
  const isMain = user?.agent_type !== 'sub';
  const dash = '—';

  return (
    <div className="stats">
      <PageHeader
        subtitle={t('partner.subtitle')}
        extra={
          <div className="stats-header-links">
            <LinkButton to="/agents" icon={<TeamOutlined />} data-testid="partner-link-agents">{t('links.agents')}</LinkButton>
            <LinkButton to="/clients" icon={<ShopOutlined />} data-testid="partner-link-clients">{t('links.clients')}</LinkButton>
            <LinkButton to="/dashboard" type="text" data-testid="partner-link-dashboard">{t('links.dashboard')}</LinkButton>
          </div>
        }
      />

      {totals.isError && !totals.data ? (
        <LoadFailed error={totals.error} onRetry={() => void totals.refetch()} retryTestId="partner-retry" />
      ) : (
        <div className={isMain ? 'stats-tiles stats-tiles--4' : 'stats-tiles'} data-testid="partner-tiles">
          <StatTile label={t('tiles.studios')} icon={<TeamOutlined />} loading={totals.isPending} value={totals.data?.studios.toLocaleString() ?? dash} testId="tile-studios" />
          <StatTile label={t('tiles.clients')} icon={<ShopOutlined />} loading={totals.isPending} value={totals.data?.clients.toLocaleString() ?? dash} testId="tile-clients" />
          <StatTile
            label={t('tiles.sales')}
            icon={<DollarOutlined />}
            loading={totals.isPending}
            value={totals.data ? formatUsd(totals.data.sales_cents, language, { trimWhole: true }) : dash}
            hint={t('tiles.sales_hint')}
            testId="tile-sales"
            accent
          />
          {isMain && (
            <StatTile
              label={t('tiles.sub_agents')}
              icon={<ApartmentOutlined />}
              loading={totals.isPending}
              value={totals.data?.sub.toLocaleString() ?? dash}
              testId="tile-sub-agents"
            />
          )}
        </div>
      )}

      <div className="stats-columns">
        <CountCard title={t('counts.studios_title')} icon={<TeamOutlined />} query={studios} testId="studio-counts" link={{ to: '/agents', label: t('links.all_studios') }} />
        <CountCard title={t('counts.clients_title')} icon={<ShopOutlined />} query={clients} testId="client-counts" link={{ to: '/clients', label: t('links.all_clients') }} />
      </div>

      <TopStudiosCard />
      <RenewalsCard showStudio extra={<Link to="/clients">{t('links.all_clients')}</Link>} />
    </div>
  );
}
