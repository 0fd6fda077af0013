import { ArrowRightOutlined, LoginOutlined, PhoneOutlined } from '@ant-design/icons';
import { isPaying, roleOf } from '@nearcast/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SimpleFrame } from '../../../components/simple-frame';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useCurrentUser } from '../../../api/account-detail';
import { ContactForm } from '../components/contact-form';
import { JoinSteps } from '../components/join-steps';
import { LinkButton } from '../../../components/link-button';
import { SettleDone, SettleStep } from '../components/settle-step';
import { JOIN_PATH, joinStateOf, PLAN_TYPE, type JoinRole } from '../lib/join-state';
import '../components/onboarding-styles';

const HIGHLIGHTS = ['one', 'two', 'three'] as const;

/** /settle/client (public): applying to join as a shop owner. */
export function SettleClientPage() {
  return <JoinPage role="client" />;
}

/** /settle/studio (public): applying to join as an AI studio. */
export function SettleStudioPage() {
  return <JoinPage role="studio" />;
}

/**
 * The public "apply to join" page of each audience. The guard verifies nothing on public
 * routes, so the page asks the server who the visitor is, then offers what fits: the pitch and
 * the call-back form, the plans, the settle form, the dashboard, or the other audience's page.
 */
function JoinPage({ role }: { role: JoinRole }) {
  const { t } = useTranslation('onboarding');
  const { pathname } = useLocation();
  const session = useSession();
  const account = useCurrentUser(!!session.token);
  // A session the server refused is gone (null); a failed check falls back to what is stored.
  const user = !session.token ? null : account.data !== undefined ? account.data : session.user;
  const signinHref = `/signin?redirect=${encodeURIComponent(pathname)}`;

  const actions = user ? null : (
    <Link to={signinHref} className="onb-frame-link" data-testid="join-signin-top">
      <LoginOutlined aria-hidden="true" />
      <span className="onb-frame-link__label">{t('join.signin')}</span>
    </Link>
  );

  let body;
  if (session.token && account.isLoading) {
    body = (
      <div className="onb-page" data-testid="join-loading">
        <Skeleton active title paragraph={{ rows: 6 }} />
      </div>
    );
  } else {
    const state = joinStateOf(user, role);
    if (state === 'settle') body = <SettleStep role={role} />;
    else if (state === 'complete') body = <SettleDone role={role} />;
    else if (state === 'other-role') body = <OtherRole role={role} userRole={user ? roleOf(user.account_type) : null} />;
    else body = <Pitch role={role} signedIn={state === 'unpaid'} signinHref={signinHref} />;
  }

  return (
    <SimpleFrame wide actions={actions}>
      {body}
    </SimpleFrame>
  );
}

/** What joining means, the three steps and the way in; for a signed-in unpaid user, the plans. */
function Pitch({ role, signedIn, signinHref }: { role: JoinRole; signedIn: boolean; signinHref: string }) {
  const { t } = useTranslation('onboarding');
  const title = usePageTitle();
  const plans = `/plans?type=${PLAN_TYPE[role]}`;
  return (
    <div className="onb-page" data-testid={`join-${signedIn ? 'unpaid' : 'visitor'}`}>
      <header className="onb-hero">
        <h1 className="onb-eyebrow" data-testid="page-title">
          {title}
        </h1>
        <h2 className="onb-hero__title">{signedIn ? t('join.unpaid_title') : t(`join.title.${role}`)}</h2>
        <p className="onb-hero__lead">{signedIn ? t(`join.unpaid_lead.${role}`) : t(`join.lead.${role}`)}</p>
        <div className="onb-hero__actions">
          <LinkButton to={plans} type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end" data-testid="join-plans">
            {signedIn ? t('join.choose_plan') : t('join.join_now')}
          </LinkButton>
          {!signedIn && (
            <span className="onb-hero__signin">
              {t('join.have_account')}{' '}
              <Link to={signinHref} data-testid="join-signin">
                {t('join.signin')}
              </Link>
            </span>
          )}
        </div>
      </header>

      {!signedIn && (
        <ul className="onb-highlights" data-testid="join-highlights">
          {HIGHLIGHTS.map((key) => (
            <li key={key} className="onb-highlight">
              <strong>{t(`join.highlights.${role}.${key}.value`)}</strong>
              <span>{t(`join.highlights.${role}.${key}.label`)}</span>
            </li>
          ))}
        </ul>
      )}

      <section className="onb-block" aria-labelledby="join-steps-title">
        <h2 id="join-steps-title" className="onb-block__title">
          {t('join.steps_title')}
        </h2>
        <JoinSteps role={role} current={signedIn ? 1 : 0} />
        {role === 'studio' && (
          <p className="onb-callout" data-testid="join-places-rule">
            {t('join.places_rule')}
          </p>
        )}
      </section>

      <section className="onb-block onb-card" aria-labelledby="join-contact-title" data-testid="join-contact">
        <h2 id="join-contact-title" className="onb-block__title">
          <PhoneOutlined aria-hidden="true" /> {t('contact.title')}
        </h2>
        <p className="onb-block__lead">{t(`contact.lead.${role}`)}</p>
        <ContactForm />
      </section>
    </div>
  );
}

/** Signed in as a role this door is not for: say so, and point to the right place. */
function OtherRole({ role, userRole }: { role: JoinRole; userRole: ReturnType<typeof roleOf> | null }) {
  const { t } = useTranslation('onboarding');
  const title = usePageTitle();
  const otherPaying = isPaying(userRole);
  return (
    <section className="onb-done" data-testid="join-other-role">
      <h1 className="onb-done__kicker" data-testid="page-title">
        {title}
      </h1>
      <h2 className="onb-done__title">{t(`other.title.${role}`)}</h2>
      <p className="onb-done__body">{t('other.body', { role: userRole ? t(`common:roles.${userRole}`) : '' })}</p>
      {otherPaying ? (
        <LinkButton to={JOIN_PATH[userRole]} type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end" data-testid="join-other-link">
          {t(`other.go.${userRole}`)}
        </LinkButton>
      ) : (
        <LinkButton to="/dashboard" type="primary" size="large" data-testid="join-other-link">
          {t('common:actions.go_dashboard')}
        </LinkButton>
      )}
    </section>
  );
}
