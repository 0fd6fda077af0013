import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/lazy-with-retry';

/**
 * The error element of every route. It is part of the entry chunk and uses no antd component,
 * so it still renders when the network that failed a page chunk is gone.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!chunk && !notFound) console.error(error);

  const title = chunk ? t('errors.chunk_title') : notFound ? t('errors.not_found_title') : t('errors.crash_title');
  const body = chunk ? t('errors.chunk_body') : notFound ? t('errors.not_found_body') : t('errors.crash_body');

  return (
    <div className={standalone ? 'nc-error nc-error--standalone' : 'nc-error'} role="alert" data-testid="route-error">
      <div className="nc-error__card">
        <div className="nc-error__icon" aria-hidden="true">
          {chunk ? '⟳' : '!'}
        </div>
        <h1 className="nc-error__title">{title}</h1>
        <p className="nc-error__body">{body}</p>
        <div className="nc-error__actions">
          <button type="button" className="nc-btn nc-btn--primary" onClick={() => window.location.reload()} data-testid="reload">
            {t('actions.reload')}
          </button>
          <a className="nc-btn nc-btn--ghost" href="/">
            {t('actions.go_home')}
          </a>
        </div>
      </div>
    </div>
  );
}
