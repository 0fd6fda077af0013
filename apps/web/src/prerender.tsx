import { DEFAULT_LANGUAGE } from '@nearcast/contract';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from './app/router';
import { routerReady } from './app/router-ready';
import { i18n, initI18n } from './lib/i18n';

export interface Prerendered {
  /** The markup of `#root`. */
  html: string;
  title: string;
  language: string;
}

/**
 * The landing page as a first-time visitor sees it, rendered at build time
 * (build-plugins/prerender.ts) from the same route tree the browser hydrates: the page is
 * drawn before any JavaScript runs. A visitor whose language or session differs is handled
 * in main.tsx.
 */
export async function renderLanding(): Promise<Prerendered> {
  await initI18n(DEFAULT_LANGUAGE);
  const router = createMemoryRouter(appRoutes(), { initialEntries: ['/'] });
  await routerReady(router);
  const { location, errors } = router.state;
  if (location.pathname !== '/' || errors) throw new Error(`The landing page did not render: ${JSON.stringify({ location, errors })}`);

  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  router.dispose();
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    title: `${i18n.t('common:brand.name')} · ${i18n.t('common:brand.tagline')}`,
    language: DEFAULT_LANGUAGE,
  };
}
