import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

/** The title row of a page: its (translated or overridden) title and the primary action. */
export function PageHeader({ title, subtitle, extra }: { title?: string; subtitle?: ReactNode; extra?: ReactNode }) {
  const routeTitle = usePageTitle();
  return (
    <div className="nc-page-header">
      <div>
        <h1 className="nc-page-header__title" data-testid="page-title">
          {title ?? routeTitle}
        </h1>
        {subtitle && <p className="nc-page-header__subtitle">{subtitle}</p>}
      </div>
      {extra && <div className="nc-page-header__extra">{extra}</div>}
    </div>
  );
}
