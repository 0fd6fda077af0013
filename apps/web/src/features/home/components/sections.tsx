import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, NO_DATE } from '../../../lib/date-style';
import type { PlanStanding } from '../../../lib/plan-standing';
import { figureValues, HOME_FIGURES, HOME_LINKS } from '../links';
import { IconChart, IconClock, IconPin, IconPlay, IconSpark, IconStore } from './icons';

export function HowItWorks() {
  const { t } = useTranslation('home');
  const steps = ['pick', 'profile', 'publish', 'results'] as const;
  return (
    <section className="home-section" id="how" aria-labelledby="how-title">
      <div className="home-container">
        <header className="section-head">
          <p className="section-head__kicker">{t('how.kicker')}</p>
          <h2 id="how-title">{t('how.title')}</h2>
        </header>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step} className="steps__item">
              <span className="steps__number">{String(index + 1).padStart(2, '0')}</span>
              <h3>{t(`how.steps.${step}.title`)}</h3>
              <p>{t(`how.steps.${step}.body`, { perDay: HOME_FIGURES.videosPerDay })}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** What joining the franchise gives a studio (spec §1: the landing page lists its benefits). */
export function Benefits() {
  const { t, i18n } = useTranslation('home');
  const values = figureValues(i18n.resolvedLanguage ?? 'en-US');
  const benefits: Array<{ key: string; icon: ReactNode }> = [
    { key: 'tools', icon: <IconSpark /> },
    { key: 'income', icon: <IconChart /> },
    { key: 'payback', icon: <IconClock /> },
    { key: 'places', icon: <IconPin /> },
    { key: 'product', icon: <IconPlay /> },
    { key: 'support', icon: <IconStore /> },
  ];
  return (
    <section className="home-section" id="benefits" aria-labelledby="benefits-title" data-testid="home-benefits">
      <div className="home-container">
        <header className="section-head">
          <p className="section-head__kicker">{t('benefits.kicker')}</p>
          <h2 id="benefits-title">{t('benefits.title')}</h2>
        </header>
        <div className="benefits">
          {benefits.map((benefit) => (
            <article key={benefit.key} className="benefit">
              <div className="benefit__icon">{benefit.icon}</div>
              <h3>{t(`benefits.items.${benefit.key}.title`)}</h3>
              <p>{t(`benefits.items.${benefit.key}.body`, values)}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function Vision() {
  const { t, i18n } = useTranslation('home');
  const number = (value: number) => new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en-US').format(value);
  return (
    <section className="home-section home-section--tight" aria-labelledby="vision-title">
      <div className="home-container">
        <div className="vision">
          <p className="section-head__kicker">{t('vision.kicker')}</p>
          <h2 id="vision-title">{t('vision.title')}</h2>
          <div className="vision__numbers">
            <div>
              <strong className="gradient-text">{number(HOME_FIGURES.visionStudios)}</strong>
              <span>{t('vision.studios')}</span>
            </div>
            <div className="vision__arrow" aria-hidden="true">
              →
            </div>
            <div>
              <strong className="gradient-text">{number(HOME_FIGURES.visionBusinesses)}</strong>
              <span>{t('vision.businesses')}</span>
            </div>
          </div>
          <p>{t('vision.body', { places: HOME_FIGURES.placesPerCity })}</p>
        </div>
      </div>
    </section>
  );
}

/** The page's last word: the places rule and Join Now, with the shop owner's way in beside it. */
export function ClosingCta() {
  const { t, i18n } = useTranslation('home');
  const values = figureValues(i18n.resolvedLanguage ?? 'en-US');
  return (
    <section className="home-section home-section--tight" aria-labelledby="closing-title" data-testid="home-closing">
      <div className="home-container">
        <div className="closing">
          <h2 id="closing-title">{t('closing.title', values)}</h2>
          <p>{t('closing.body', values)}</p>
          <div className="hero__actions hero__actions--center">
            <Link to={HOME_LINKS.joinNow} className="nc-btn nc-btn--primary nc-btn--lg" data-testid="closing-join-now">
              {t('closing.join')}
            </Link>
            <Link to={HOME_LINKS.shopOwner} className="nc-btn nc-btn--ghost nc-btn--lg">
              {t('closing.shop')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export function HomeFooter() {
  const { t } = useTranslation('home');
  return (
    <footer className="home-footer">
      <div className="home-container home-footer__inner">
        <div>
          <strong>{t('common:brand.name')}</strong>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav className="home-footer__links" aria-label={t('footer.label')}>
          <Link to={HOME_LINKS.privacy}>{t('footer.privacy')}</Link>
          <Link to={HOME_LINKS.login}>{t('nav.login')}</Link>
          <a href="mailto:privacy@nearcast.example">{t('footer.contact')}</a>
        </nav>
        <p className="home-footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

/** A plan's end as spec §9 writes dates, or null when the stored value is no date. */
function dayOf(iso: string): string | null {
  const day = formatDay(iso);
  return day === NO_DATE ? null : day;
}

/**
 * Spec §2: a bottom banner telling the visitor to pick a package first, with Buy Now. A user
 * who already has a plan is told its expiry and offered a renewal instead, and one who needs
 * no plan (staff, agents) is sent on to its dashboard.
 */
export function PackageBanner({ standing }: { standing: PlanStanding }) {
  const { t } = useTranslation('home');
  const date = 'expireTime' in standing && standing.expireTime ? dayOf(standing.expireTime) : null;
  let text: ReactNode;
  let action: ReactNode;
  if (standing.kind === 'active' || standing.kind === 'expired') {
    const key = standing.kind === 'active' ? (date ? 'plan.active_until' : 'plan.active') : date ? 'plan.expired_on' : 'plan.expired';
    text = (
      <>
        <strong>{t(key, { date })}</strong> <span>{t(standing.kind === 'active' ? 'plan.active_body' : 'plan.expired_body')}</span>
      </>
    );
    action = (
      <span className="package-banner__actions">
        {standing.kind === 'active' && (
          <Link to={HOME_LINKS.dashboard} className="nc-btn nc-btn--ghost nc-btn--sm" data-testid="banner-dashboard">
            {t('nav.dashboard')}
          </Link>
        )}
        <Link to={HOME_LINKS.buyNow} className="nc-btn nc-btn--primary nc-btn--sm" data-testid="renew-now">
          {t('plan.renew')}
        </Link>
      </span>
    );
  } else if (standing.kind === 'staff') {
    text = (
      <>
        <strong>{t('plan.staff')}</strong> <span>{t('plan.staff_body')}</span>
      </>
    );
    action = (
      <Link to={HOME_LINKS.dashboard} className="nc-btn nc-btn--primary nc-btn--sm" data-testid="banner-dashboard">
        {t('nav.dashboard')}
      </Link>
    );
  } else {
    text = (
      <>
        <strong>{t('banner.title')}</strong> <span>{t('banner.body')}</span>
      </>
    );
    action = (
      <Link to={HOME_LINKS.buyNow} className="nc-btn nc-btn--primary nc-btn--sm" data-testid="buy-now">
        {t('banner.buy_now')}
      </Link>
    );
  }
  return (
    <aside className="package-banner" data-testid="package-banner" data-standing={standing.kind} aria-label={t('banner.label')}>
      <div className="package-banner__inner">
        <p>{text}</p>
        {action}
      </div>
    </aside>
  );
}

/**
 * Spec §4 sends an unpaid (or expired) client or studio to Home, even from its Dashboard link:
 * this says why, the moment it arrives, and what to do about it.
 */
export function PlanNotice({ standing }: { standing: PlanStanding }) {
  const { t } = useTranslation('home');
  if (standing.kind !== 'unpaid' && standing.kind !== 'expired') return null;
  const date = standing.kind === 'expired' && standing.expireTime ? dayOf(standing.expireTime) : null;
  const title = standing.kind === 'unpaid' ? t('plan.notice_unpaid') : date ? t('plan.expired_on', { date }) : t('plan.expired');
  return (
    <div className="home-plan-notice" role="status" data-testid="plan-notice" data-standing={standing.kind}>
      <div className="home-container home-plan-notice__inner">
        <p>
          <strong>{title}</strong> <span>{t(standing.kind === 'unpaid' ? 'plan.notice_unpaid_body' : 'plan.notice_expired_body')}</span>
        </p>
        <Link to={HOME_LINKS.buyNow} className="nc-btn nc-btn--primary nc-btn--sm" data-testid="plan-notice-action">
          {standing.kind === 'unpaid' ? t('plan.choose') : t('plan.renew')}
        </Link>
      </div>
    </div>
  );
}
