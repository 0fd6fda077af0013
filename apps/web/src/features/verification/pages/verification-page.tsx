import { api } from '@nearcast/contract';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can';
import { BusinessPanel } from '../components/business-panel';
import { PayoutPanel } from '../components/payout-panel';
import { ReviewPanel } from '../components/review-panel';
import '../verification.css';

/**
 * /verification (spec §2, every signed-in role), each role seeing what it needs: a studio or an
 * agent its payout details; a merchant its business details and correction requests; staff
 * the review queues; an operator, who is paid outside the platform, that there is nothing to do.
 */
export function VerificationPage() {
  const { t } = useTranslation('verification');
  const can = useCan();
  // Each role's part of the page is the calls it may make: staff review, earners submit payout details, a merchant its business.
  const kind = can(api.verification.list) ? 'staff' : can(api.verification.submit) ? 'payout' : can(api.verification.business) ? 'business' : 'none';
  return (
    <div className="ver-page" data-testid={`verification-${kind}`}>
      <PageHeader subtitle={t(`subtitle.${kind}`)} />
      {kind === 'staff' && <ReviewPanel />}
      {kind === 'payout' && <PayoutPanel />}
      {kind === 'business' && <BusinessPanel />}
      {kind === 'none' && (
        <section className="ver-card ver-none" data-testid="verification-nothing">
          <SafetyCertificateOutlined className="ver-none__icon" aria-hidden="true" />
          <h2 className="ver-card__title">{t('none.title')}</h2>
          <p className="ver-hint">{t('none.body')}</p>
        </section>
      )}
    </div>
  );
}
