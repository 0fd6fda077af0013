import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUsdRound } from '../../../lib/money';
import { figureValues, HOME_FIGURES, HOME_LINKS } from '../links';
import { IconCheck, IconSpark, IconStore } from './icons';

/** The two audiences side by side: the shop owner's plan and the studio owner's business. */
export function Audiences() {
  const { t, i18n } = useTranslation('home');
  const language = i18n.resolvedLanguage ?? 'en-US';
  const shopPoints = ['videos', 'languages', 'platforms', 'radius', 'team'] as const;
  const studioPoints = ['earn', 'example', 'payback', 'tools', 'places'] as const;
  const values = figureValues(language);

  return (
    <section className="home-section" id="audiences" aria-labelledby="audiences-title">
      <div className="home-container">
        <header className="section-head">
          <p className="section-head__kicker">{t('audiences.kicker')}</p>
          <h2 id="audiences-title">{t('audiences.title')}</h2>
          <p>{t('audiences.lead')}</p>
        </header>
        <div className="audiences">
          <article className="audience audience--shop" data-testid="audience-shop">
            <div className="audience__icon">
              <IconStore />
            </div>
            <p className="audience__tag">{t('audiences.shop.tag')}</p>
            <h3>{t('audiences.shop.title')}</h3>
            <p className="audience__price">
              <span>{t('audiences.about')}</span> <strong>{formatUsdRound(HOME_FIGURES.merchantPlanUsd, language)}</strong>{' '}
              <span>{t('audiences.shop.per')}</span>
            </p>
            <ul className="checklist">
              {shopPoints.map((point) => (
                <li key={point}>
                  <IconCheck />
                  <span>{t(`audiences.shop.points.${point}`, values)}</span>
                </li>
              ))}
            </ul>
            <Link to={HOME_LINKS.shopOwner} className="nc-btn nc-btn--primary audience__cta">
              {t('audiences.shop.cta')}
            </Link>
          </article>
          <article className="audience audience--studio" data-testid="audience-studio">
            <div className="audience__icon">
              <IconSpark />
            </div>
            <p className="audience__tag">{t('audiences.studio.tag')}</p>
            <h3>{t('audiences.studio.title')}</h3>
            <p className="audience__price">
              <span>{t('audiences.about')}</span> <strong>{formatUsdRound(HOME_FIGURES.studioJoinUsd, language)}</strong>{' '}
              <span>{t('audiences.studio.per')}</span>
            </p>
            <ul className="checklist">
              {studioPoints.map((point) => (
                <li key={point}>
                  <IconCheck />
                  <span>{t(`audiences.studio.points.${point}`, values)}</span>
                </li>
              ))}
            </ul>
            <Link to={HOME_LINKS.studio} className="nc-btn nc-btn--ghost audience__cta">
              {t('audiences.studio.cta')}
            </Link>
          </article>
        </div>
      </div>
    </section>
  );
}

