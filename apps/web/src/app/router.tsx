import { ROUTES, type RouteLayout } from '@nearcast/contract';
import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageFallback } from '../components/page-fallback';
import type { LazyPage } from '../lib/lazy-with-retry';
import type { AppRoute } from '../lib/routes';
import { guardLoader, unmatchedLoader } from './guard-loader';
import { ANTD_FREE, LAYOUTS, PAGES } from './pages';
import { BootScreen, RootShell } from './root-shell';
import { RouteError } from './route-error';

const LAYOUT_CHUNK: Record<RouteLayout, LazyPage | null> = {
  main: LAYOUTS.main,
  common: LAYOUTS.common,
  bare: null,
};

function LazyElement({ page }: { page: LazyPage }) {
  return (
    <Suspense fallback={<PageFallback />}>
      <page.Component />
    </Suspense>
  );
}

function pageRoute(def: AppRoute, chunks: readonly LazyPage[]): RouteObject {
  return {
    id: def.key,
    path: def.path,
    loader: guardLoader(def, chunks),
    element: <LazyElement page={PAGES[def.key].page} />,
    errorElement: <RouteError />,
  };
}

/** The routes of one layout, inside the antd shell. */
function layoutRoute(layout: RouteLayout): RouteObject {
  const chunk = LAYOUT_CHUNK[layout];
  const chunks = chunk ? [LAYOUTS.shell, chunk] : [LAYOUTS.shell];
  return {
    id: `layout-${layout}`,
    element: chunk ? <LazyElement page={chunk} /> : <Outlet />,
    errorElement: <RouteError />,
    children: ROUTES.filter((def) => def.layout === layout && !ANTD_FREE.has(def.key)).map((def) =>
      pageRoute(def, chunks),
    ),
  };
}

/**
 * The route tree, built from the contract's ROUTES table: one route per entry, grouped under its
 * layout, each guarded by a loader; an unmatched URL falls to the catch-all. Everything built
 * with antd sits under the lazily loaded shell (theme, locale, query client, toasts). The build
 * renders `/` from the same tree (src/prerender.tsx), so the browser can hydrate it.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootShell />,
      hydrateFallbackElement: <BootScreen />,
      errorElement: <RouteError standalone />,
      children: [
        ...ROUTES.filter((def) => ANTD_FREE.has(def.key)).map((def) => pageRoute(def, [])),
        {
          id: 'shell',
          element: <LazyElement page={LAYOUTS.shell} />,
          errorElement: <RouteError standalone />,
          children: [layoutRoute('main'), layoutRoute('common'), layoutRoute('bare')],
        },
        { id: 'unmatched', path: '*', loader: unmatchedLoader, element: null },
      ],
    },
  ];
}

/** The browser's router over the route tree. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
