import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { routerReady } from './app/router-ready';
import './app/global.css';
import './app/global-chrome.css';
import './app/global-antd.css';
import { setForbiddenHandler, setPlanRequiredHandler } from './lib/api-client';
import { currentLanguage, initI18n, initialLanguage } from './lib/i18n';
import { getCookieConsent, getToken } from './lib/storage';

/**
 * Whether this visitor would see exactly the page prerendered into index.html: its language,
 * nobody signed in, no cookie answer yet. Anyone else would watch it change under them once
 * React takes over (English turning Spanish, "Buy Now" turning into their plan, the cookie
 * banner they already answered), so for them it is taken down at once and drawn afresh.
 */
function seesPrerenderedPage(prerendered: string): boolean {
  return prerendered === initialLanguage() && !getToken() && getCookieConsent() === null;
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const prerendered = root.dataset.prerendered;
  const hydrate = prerendered !== undefined && seesPrerenderedPage(prerendered);
  if (prerendered !== undefined && !hydrate) root.replaceChildren();

  // The first catalogues are awaited so no screen ever flashes raw keys.
  await initI18n();
  const router = createAppRouter();
  setForbiddenHandler(() => void router.navigate('/signin'));
  setPlanRequiredHandler(() => {
    // The stored user may still say paid (the plan lapsed while the page was open): refreshed,
    // Home offers a renewal instead of the dashboard. Imported on demand like the guard does.
    void import('./api/account-detail').then(({ fetchSignedInUser }) => fetchSignedInUser()).catch(() => undefined);
    void router.navigate('/');
  });
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );

  // `/` arrives prerendered (src/prerender.tsx) for a first-time visitor. For that visitor it
  // stays on screen while the router loads the page's chunks, then React hydrates it; if the
  // router ends up elsewhere after all, the page is drawn afresh like for everyone else.
  if (hydrate) {
    await routerReady(router);
    if (router.state.location.pathname === '/' && !router.state.errors && prerendered === currentLanguage()) {
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread for the whole page, so the page answers input while it runs.
      startTransition(() => {
        hydrateRoot(root, app);
      });
      return;
    }
  }
  createRoot(root).render(app);
}

void start();
