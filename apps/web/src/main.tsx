import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { routerReady } from './app/router-ready';
import './app/global.css';
import { setForbiddenHandler } from './lib/api-client';
import { currentLanguage, initI18n } from './lib/i18n';

async function start() {
  // The first catalogues are awaited so no screen ever flashes raw keys.
  await initI18n();
  const router = createAppRouter();
  setForbiddenHandler(() => void router.navigate('/signin'));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );

  // `/` arrives prerendered (src/prerender.tsx) in one language. It stays on screen while the
  // router loads the page's chunks, then React takes it over: hydrated when this visitor would
  // see the same page, drawn afresh in their language (or wherever the guard sent them) if not.
  const prerendered = root.dataset.prerendered;
  if (prerendered) {
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
