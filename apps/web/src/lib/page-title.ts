import type { RouteKey } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** What every page route's loader answers once the guard has let the navigation through. */
export interface PageData {
  routeKey: RouteKey;
  /** A title from the route params or the query (spec §4), replacing the route's own. */
  title: string | null;
}

function isPageData(value: unknown): value is PageData {
  return !!value && typeof value === 'object' && 'routeKey' in value;
}

/** The current page's route data, from the deepest matched route that has some. */
export function usePageData(): PageData | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const data = matches[i]?.loaderData;
    if (isPageData(data)) return data;
  }
  return null;
}

/** The page title: the override, else the route's translated title. */
export function usePageTitle(): string {
  const { t } = useTranslation('common');
  const data = usePageData();
  if (!data) return t('brand.name');
  return data.title ?? t(`routes.${data.routeKey}`);
}
