import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_FIGURES, HOME_LINKS } from '../links';
import { formatUsdRound } from '../../../lib/money';

const MAX_CLIENTS = 30;

/**
 * The studio pitch as arithmetic the visitor can move: clients × about $700 a month, against
 * a joining cost of about $1,000. An estimate, and labelled as one.
 */
export function EarningsCalculator() {
  const { t, i18n } = useTranslation('home');
  const language = i18n.resolvedLanguage ?? 'en-US';
  const [clients, setClients] = useState<number>(HOME_FIGURES.exampleClients);
  const inputId = useId();
  const monthly = clients * HOME_FIGURES.perClientUsd;

  return (
    <section className="home-section home-section--tight" aria-labelledby="earnings-title">
      <div className="home-container">
        <div className="earnings">
          <div className="earnings__copy">
            <p className="section-head__kicker">{t('earnings.kicker')}</p>
            <h2 id="earnings-title">{t('earnings.title')}</h2>
            <p>{t('earnings.lead', { perClient: formatUsdRound(HOME_FIGURES.perClientUsd, language) })}</p>
          </div>
          <div className="earnings__panel">
            <label htmlFor={inputId} className="earnings__label">
              {t('earnings.clients', { count: clients })}
            </label>
            <input
              id={inputId}
              type="range"
              min={1}
              max={MAX_CLIENTS}
              value={clients}
              onChange={(event) => setClients(Number(event.target.value))}
              className="earnings__range"
              style={{ ['--fill' as string]: `${(clients / MAX_CLIENTS) * 100}%` }}
              data-testid="earnings-range"
            />
            <div className="earnings__result">
              <span>{t('earnings.monthly')}</span>
              <strong data-testid="earnings-monthly">{formatUsdRound(monthly, language)}</strong>
            </div>
            <div className="earnings__meta">
              <span>{t('earnings.yearly', { amount: formatUsdRound(monthly * 12, language) })}</span>
              <span>
                {t('earnings.join_cost', { cost: formatUsdRound(HOME_FIGURES.studioJoinUsd, language), months: HOME_FIGURES.paybackMonths })}
              </span>
            </div>
            <p className="earnings__note">{t('earnings.note')}</p>
            <Link to={HOME_LINKS.studio} className="nc-btn nc-btn--primary earnings__cta">
              {t('earnings.cta')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
