import { ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { ClientsPanel, HeadlineTiles, PeriodNote, RangeSelect, TopStudiosPanel, TrendCard, useDashboardRange } from '../../dashboard';
import { RenewalsCard } from '../components/renewals-card';
import './center.css';

/**
 * Spec §2 "Statistics", the regional agent's view: its studios and their merchants over a range,
 * the leading studios, and the renewals coming up — the dashboard's own figures from the same
 * /v1/dashboard calls (so the two never disagree), with the way into /agents and /clients.
 */
export function PartnerPage() {
  const { t } = useTranslation('org');
  const { user } = useSession();
  const [range, setRange] = useDashboardRange();
  const scope = user?.agent_type === 'sub' ? 'sub_agent' : 'agent';

  return (
    <div className="org-center">
      <PageHeader
        subtitle={t('center.partner.subtitle')}
        extra={
          <div className="org-center-links">
            <LinkButton to="/agents" icon={<TeamOutlined />} data-testid="partner-link-agents">{t('center.links.agents')}</LinkButton>
            <LinkButton to="/clients" icon={<ShopOutlined />} data-testid="partner-link-clients">{t('center.links.clients')}</LinkButton>
            <LinkButton to="/dashboard" type="text" data-testid="partner-link-dashboard">{t('center.links.dashboard')}</LinkButton>
          </div>
        }
      />
      <div className="org-center-range">
        <RangeSelect value={range} onChange={setRange} scope={scope} />
        <span className="org-note"><PeriodNote range={range} /></span>
      </div>

      <HeadlineTiles range={range} testId="partner-tiles" />
      <TrendCard range={range} scope={scope} />
      <div className="org-center-columns">
        <TopStudiosPanel range={range} />
        <ClientsPanel range={range} showStudio />
      </div>
      <RenewalsCard showStudio extra={<Link to="/clients">{t('center.links.all_clients')}</Link>} />
    </div>
  );
}
