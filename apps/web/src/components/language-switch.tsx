import { isLanguage, type Language, LANGUAGES } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n';

/**
 * The language picker of every header. A native select: light enough for the landing page
 * and it opens the phone's own picker on a 375 px screen.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  // Read through i18n so the select re-renders when the language changes elsewhere.
  const value: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <label className={['nc-lang', className].filter(Boolean).join(' ')}>
      <span className="nc-visually-hidden">{t('language.label')}</span>
      <span className="nc-lang__globe" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
      </span>
      <select
        className="nc-lang__select"
        value={value}
        data-testid="language-switch"
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
