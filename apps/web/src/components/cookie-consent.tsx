import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getCookieConsent, saveCookieConsent, type CookieConsent as Choice } from '../lib/storage';

/**
 * Spec §1: a consent banner whose answer is stored locally as 'accepted' or 'rejected'; either
 * answer hides it for good. Mounted once in the root shell, so every layout shows it.
 */
export function CookieConsent() {
  const { t } = useTranslation('common');
  const [choice, setChoice] = useState<Choice | null>(() => getCookieConsent());
  if (choice) return null;

  const decide = (next: Choice) => {
    saveCookieConsent(next);
    setChoice(next);
  };

  return (
    <section className="nc-consent" role="region" aria-label={t('cookies.title')} data-testid="cookie-consent">
      <div className="nc-consent__text">
        <strong>{t('cookies.title')}</strong>
        <span>
          {t('cookies.body')}{' '}
          <Link to="/privacy" className="nc-link">
            {t('cookies.policy')}
          </Link>
        </span>
      </div>
      <div className="nc-consent__actions">
        <button type="button" className="nc-btn nc-btn--ghost nc-btn--sm" onClick={() => decide('rejected')} data-testid="cookie-reject">
          {t('cookies.reject')}
        </button>
        <button type="button" className="nc-btn nc-btn--primary nc-btn--sm" onClick={() => decide('accepted')} data-testid="cookie-accept">
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
