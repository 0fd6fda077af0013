import type { PricePackage } from '@nearcast/contract';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { PackageCard } from './package-card';

/** A list of packages with its loading, empty and error states. */
export function PackageGrid({
  packages,
  loading,
  failed,
  error,
  onRetry,
  emptyText,
  testId,
  currentId = null,
}: {
  packages: readonly PricePackage[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Why the packages did not arrive, when the server said. */
  error?: unknown;
  onRetry: () => void;
  emptyText: string;
  testId: string;
  /** The package the viewer's running plan was bought as, marked on its card. */
  currentId?: number | null;
}) {
  const { t } = useTranslation('payment');
  if (loading) {
    return (
      <div className="plan-grid" aria-busy="true" aria-label={t('common:states.loading')} data-testid={`${testId}-loading`}>
        {[0, 1].map((key) => (
          <div key={key} className="plan-card plan-card--skeleton">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ))}
      </div>
    );
  }
  if (failed) {
    return (
      <LoadFailed error={error} onRetry={onRetry} testId={`${testId}-error`} retryTestId={`${testId}-retry`} />
    );
  }
  if (!packages || packages.length === 0) {
    return (
      <div className="plan-empty" data-testid={`${testId}-empty`}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  return (
    <div className="plan-grid" data-testid={testId}>
      {packages.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} current={pkg.id === currentId} />
      ))}
    </div>
  );
}
