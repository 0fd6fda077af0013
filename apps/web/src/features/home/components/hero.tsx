import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { figureValues, HOME_FIGURES, HOME_LINKS } from '../links';
import { IconArrow, IconPin } from './icons';

/** What a studio sends each client: a phone showing its feed, three languages, three platforms, all within 3 km. */
function FeedMock() {
  const { t } = useTranslation('home');
  const cards = [
    { lang: 'EN', platform: t('hero.mock.tiktok'), tone: 'a' },
    { lang: 'ES', platform: t('hero.mock.shorts'), tone: 'b' },
    { lang: '中文', platform: t('hero.mock.chinese'), tone: 'c' },
  ];
  return (
    <div className="feed-mock" aria-hidden="true">
      <div className="feed-mock__ring feed-mock__ring--outer" />
      <div className="feed-mock__ring feed-mock__ring--inner" />
      <div className="feed-mock__phone">
        <div className="feed-mock__notch" />
        <div className="feed-mock__screen">
          <div className="feed-mock__video">
            <div className="feed-mock__play">
              <svg viewBox="0 0 24 24" width="22" height="22">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </div>
            <div className="feed-mock__caption">
              <span className="feed-mock__chip">
                <IconPin /> {t('hero.mock.distance')}
              </span>
              <strong>{t('hero.mock.caption')}</strong>
              <span className="feed-mock__bar" />
              <span className="feed-mock__bar feed-mock__bar--short" />
            </div>
          </div>
          <div className="feed-mock__queue">
            {cards.map((card) => (
              <div key={card.lang} className={`feed-mock__tile feed-mock__tile--${card.tone}`}>
                <span className="feed-mock__lang">{card.lang}</span>
                <span className="feed-mock__platform">{card.platform}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="feed-mock__badge feed-mock__badge--top">
        <strong>{t('hero.mock.today', { count: HOME_FIGURES.videosPerDay })}</strong>
        <span>{t('hero.mock.today_detail')}</span>
      </div>
      <div className="feed-mock__badge feed-mock__badge--bottom">
        <strong>{t('hero.mock.radius', { km: HOME_FIGURES.radiusKm })}</strong>
        <span>{t('hero.mock.radius_detail')}</span>
      </div>
    </div>
  );
}

/**
 * The franchise pitch, first on the page (spec §1: the landing page pitches joining an AI studio
 * franchise): its promise, Join Now, and the spec's per-client figures as proof. Shop owners,
 * the page's second audience, have their own way in beside Join Now.
 */
export function Hero() {
  const { t, i18n } = useTranslation('home');
  const language = i18n.resolvedLanguage ?? 'en-US';
  const values = figureValues(language);
  const stats = [
    { key: 'per_client', value: values.perClient, label: t('stats.per_client') },
    { key: 'videos_per_client', value: `${HOME_FIGURES.videosPerClientMonth}+`, label: t('stats.videos_per_client') },
    { key: 'payback', value: `<${HOME_FIGURES.paybackMonths}`, label: t('stats.payback', values) },
    { key: 'places', value: String(HOME_FIGURES.placesPerCity), label: t('stats.places') },
  ];
  return (
    <section className="hero" id="top" data-testid="home-hero">
      <div className="hero__glow" aria-hidden="true" />
      <div className="home-container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">
            <span className="eyebrow__dot" />
            {t('hero.eyebrow')}
          </p>
          <h1 className="hero__title">
            {t('hero.title')} <span className="gradient-text">{t('hero.title_highlight')}</span>
          </h1>
          <p className="hero__lead">{t('hero.lead', values)}</p>
          <div className="hero__actions">
            <Link to={HOME_LINKS.joinNow} className="nc-btn nc-btn--primary nc-btn--lg" data-testid="hero-join-now">
              {t('nav.join_now')}
              <IconArrow />
            </Link>
            <Link to={HOME_LINKS.shopOwner} className="nc-btn nc-btn--ghost nc-btn--lg" data-testid="hero-shop-owner">
              {t('hero.cta_shop')}
            </Link>
          </div>
          <p className="hero__note">{t('hero.note', values)}</p>
        </div>
        <FeedMock />
      </div>
      <div className="home-container">
        <dl className="stats" data-testid="hero-stats">
          {stats.map((stat) => (
            <div key={stat.key} className="stats__item" data-testid={`hero-stat-${stat.key}`}>
              <dt className="stats__value">{stat.value}</dt>
              <dd className="stats__label">{stat.label}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
