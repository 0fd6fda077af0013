import { isStaff } from '@nearcast/contract';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { usePromotionLink } from '../api/get-promotion-link';
import { LinkCard } from '../components/link-card';
import { QrCard } from '../components/qr-card';
import { scanLink } from '../lib/qr';
import { FunnelCard } from '../components/funnel-card';
import './promotion.css';

/** The promotion tool (spec §2): the user's referral link, a QR code of it, and its download. */
export function PromotionPage() {
  const { t } = useTranslation('promotion');
  const { role } = useSession();
  const link = usePromotionLink();

  let body;
  if (link.isPending) {
    body = (
      <div className="promo-grid" data-testid="promotion-loading">
        <Card className="promo-card">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
        <Card className="promo-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  } else if (link.isError) {
    body = (
      <LoadFailed error={link.error} body={t('load_failed_body')} onRetry={() => void link.refetch()} retryTestId="promotion-retry" />
    );
  } else {
    body = (
      <div className="promo-grid">
        <LinkCard link={link.data} staff={!!role && isStaff(role)} />
        <QrCard key={link.data.url} defaultLink={scanLink(link.data.url)} code={link.data.code} />
        <FunnelCard />
      </div>
    );
  }

  return (
    <div className="promo">
      <PageHeader subtitle={t('subtitle')} />
      {body}
    </div>
  );
}
