import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getCookieConsent, saveCookieConsent, type CookieConsent as Choice } from '../lib/storage';

const subscribeToNothing = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * Spec §1: a consent banner whose answer is stored locally as 'accepted' or 'rejected'; either
 * answer hides it for good. Mounted once in the root shell, so every layout shows it.
 */
export function CookieConsent() {
  const { t } = useTranslation('common');
  // The prerendered landing page is the same for every visitor: drawn with the banner, as a
  // first visit sees it (so it never pushes the page down once the scripts run), and hydration
  // then removes it for visitors who have answered before.
  const stored = useSyncExternalStore(subscribeToNothing, getCookieConsent, () => null);
  // Until React has taken the prerendered banner over, its buttons could not act on a click, so
  // they say so (disabled) instead of swallowing it; they turn live the moment hydration ends.
  const live = useSyncExternalStore(subscribeToNothing, onClient, onServer);
  const [choice, setChoice] = useState<Choice | null>(null);
  if (choice ?? stored) return null;

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
        <button type="button" className="nc-btn nc-btn--ghost nc-btn--sm" onClick={() => decide('rejected')} disabled={!live} data-testid="cookie-reject">
          {t('cookies.reject')}
        </button>
        <button type="button" className="nc-btn nc-btn--primary nc-btn--sm" onClick={() => decide('accepted')} disabled={!live} data-testid="cookie-accept">
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
