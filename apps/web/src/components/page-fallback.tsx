import { useTranslation } from 'react-i18next';

/**
 * What shows while a page or layout chunk is still on its way: a few shimmering blocks shaped
 * like a page. Plain markup, because it belongs to the entry chunk every visitor downloads.
 */
export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="nc-fallback" aria-busy="true" aria-label={t('states.loading')} data-testid="page-loading">
      <div className="nc-shimmer nc-shimmer--title" />
      <div className="nc-shimmer" />
      <div className="nc-shimmer" />
      <div className="nc-shimmer nc-shimmer--short" />
    </div>
  );
}
