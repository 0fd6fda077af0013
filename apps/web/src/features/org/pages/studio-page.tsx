import { QrcodeOutlined, ShopOutlined } from '@ant-design/icons';
import { INFO_STATUS } from '@nearcast/contract';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { SettleStep } from '../../onboarding';
import { LinkButton } from '../../../components/link-button';
import { RenewalsCard } from '../components/renewals-card';
import { ClientsPanel, HeadlineTiles, PeriodNote, RangeSelect, useDashboardRange } from '../../dashboard';
import './center.css';

/**
 * Spec §2 "Statistics", the studio's view: its merchants over a range, from the dashboard's
 * calls, and the renewals coming up. A paid studio whose information is incomplete is sent here
 * by the guard (spec §4) and fills in the settle form of the onboarding feature instead.
 */
export function StudioPage() {
  const { t } = useTranslation('org');
  const { user } = useSession();

  if (!user) return <Result status="warning" title={t('center.no_session')} />;

  if (user.info_status === INFO_STATUS.incomplete) return <SettleStep role="studio" />;

  return <StudioStats />;
}

function StudioStats() {
  const { t } = useTranslation('org');
  const [range, setRange] = useDashboardRange();

  return (
    <div className="org-center">
      <PageHeader
        subtitle={t('center.studio.subtitle')}
        extra={
          <div className="org-center-links">
            <LinkButton to="/clients" icon={<ShopOutlined />} data-testid="studio-link-clients">{t('center.links.clients')}</LinkButton>
            <LinkButton to="/dashboard" type="text" data-testid="studio-link-dashboard">{t('center.links.dashboard')}</LinkButton>
          </div>
        }
      />
      <div className="org-center-range">
        <RangeSelect value={range} onChange={setRange} scope="studio" />
        <span className="org-note"><PeriodNote range={range} /></span>
      </div>

      {/* The dashboard's figures from the same call, so the two views never disagree. */}
      <HeadlineTiles range={range} testId="studio-tiles" />
      <ClientsPanel range={range} showStudio={false} />
      <RenewalsCard showStudio={false} extra={<Link to="/clients">{t('center.links.all_clients')}</Link>} />

      <Card className="org-center-promo" data-testid="studio-promotion">
        <div className="org-center-promo__icon" aria-hidden="true">
          <QrcodeOutlined />
        </div>
        <div className="org-center-promo__text">
          <h2>{t('center.studio.promo.title')}</h2>
          <p>{t('center.studio.promo.body')}</p>
        </div>
        <LinkButton to="/promotion" type="primary" data-testid="studio-promotion-link">{t('center.studio.promo.action')}</LinkButton>
      </Card>
    </div>
  );
}
