import { CheckCircleFilled, CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-title';
import type { JoinRole } from '../lib/join-state';
import { JoinSteps } from './join-steps';
import { LinkButton } from '../../../components/link-button';
import { SettleForm } from './settle-form';
import './onboarding-styles';

/**
 * The last step of joining for a paid client or studio whose information is incomplete
 * (spec §4 sends them here): the payment is acknowledged, the steps show what is left, and
 * the settle form follows.
 */
export function SettleStep({ role }: { role: JoinRole }) {
  const { t } = useTranslation('onboarding');
  // The route's title (or the one the link gives, spec §4) heads every page.
  const title = usePageTitle();
  return (
    <div className="onb-page" data-testid={`settle-step-${role}`}>
      <header className="onb-hero onb-hero--compact">
        <span className="onb-eyebrow onb-eyebrow--ok" data-testid="settle-paid">
          <CheckCircleOutlined aria-hidden="true" /> {t('step.eyebrow')}
        </span>
        <h1 className="onb-hero__title" data-testid="page-title">
          {title}
        </h1>
        <p className="onb-hero__lead">{t(`step.lead.${role}`)}</p>
      </header>
      <JoinSteps role={role} current={2} />
      <div className="onb-card">
        <SettleForm role={role} />
      </div>
    </div>
  );
}

/** Said to a user whose information is already complete: nothing left to do here. */
export function SettleDone({ role }: { role: JoinRole }) {
  const { t } = useTranslation('onboarding');
  const title = usePageTitle();
  return (
    <section className="onb-done" data-testid="settle-complete">
      <CheckCircleFilled className="onb-done__icon" aria-hidden="true" />
      <h1 className="onb-done__kicker" data-testid="page-title">
        {title}
      </h1>
      <h2 className="onb-done__title">{t('done.title')}</h2>
      <p className="onb-done__body">{t(`done.body.${role}`)}</p>
      <LinkButton to="/dashboard" type="primary" size="large" data-testid="settle-go-dashboard">
        {t('common:actions.go_dashboard')}
      </LinkButton>
    </section>
  );
}
