import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryImport } from '../../../lib/lazy-with-retry';
import { FAQ_KEYS } from './faq-keys';

const loadFaq = retryImport(() => import('./faq'));
const Faq = lazy(() => loadFaq().then((module) => ({ default: module.Faq })));

/** Until antd arrives, the questions as plain text, so the section never looks empty. */
function FaqPlaceholder() {
  const { t } = useTranslation('home');
  return (
    <ul className="faq-placeholder">
      {FAQ_KEYS.map((key) => (
        <li key={key}>{t(`faq.items.${key}.q`)}</li>
      ))}
    </ul>
  );
}

export function FaqSection() {
  const { t } = useTranslation('home');
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const node = anchor.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <section className="home-section" id="faq" aria-labelledby="faq-title">
      <div className="home-container home-container--narrow" ref={anchor}>
        <header className="section-head">
          <p className="section-head__kicker">{t('faq.kicker')}</p>
          <h2 id="faq-title">{t('faq.title')}</h2>
        </header>
        {near ? (
          <Suspense fallback={<FaqPlaceholder />}>
            <Faq />
          </Suspense>
        ) : (
          <FaqPlaceholder />
        )}
      </div>
    </section>
  );
}
