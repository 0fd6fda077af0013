import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { CookieConsent } from '../components/cookie-consent';
import { usePageData, usePageTitle } from '../lib/page-title';
import { ProgressBar } from '../lib/progress-bar';
import { rememberLocation } from './navigation-history';

function useDocumentTitle() {
  const { t } = useTranslation('common');
  const data = usePageData();
  const title = usePageTitle();
  useEffect(() => {
    const brand = t('brand.name');
    // The landing page carries the product pitch; every other page names itself first.
    document.title = !data || data.routeKey === 'home' ? `${brand} · ${t('brand.tagline')}` : `${title} · ${brand}`;
  }, [data, title, t]);
}

/** Wraps every route: progress bar, scroll reset, document title and the cookie banner. */
export function RootShell() {
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    rememberLocation(location);
  }, [location]);

  useEffect(() => {
    // A new page starts at its top (spec §2 "Navigation"); in-page anchors keep their target.
    if (!location.hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.pathname, location.hash]);

  useDocumentTitle();

  return (
    <>
      <ProgressBar active={navigation.state !== 'idle'} />
      {/* Above the page and in its flow, so it can never sit on top of a page's own buttons. */}
      <CookieConsent />
      <Outlet />
    </>
  );
}

/** Shown while the first route's loader runs (session check and page chunk). */
export function BootScreen() {
  return (
    <div className="nc-boot" aria-busy="true">
      <ProgressBar active />
    </div>
  );
}
