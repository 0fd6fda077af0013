import type { PricePackage } from '@nearcast/contract';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PackageCard } from './package-card';

/** A list of packages with its loading, empty and error states. */
export function PackageGrid({
  packages,
  loading,
  failed,
  onRetry,
  emptyText,
  testId,
}: {
  packages: readonly PricePackage[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  emptyText: string;
  testId: string;
}) {
  const { t } = useTranslation('checkout');
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
      <Alert
        type="error"
        showIcon
        title={t('common:states.load_failed')}
        action={
          <Button size="small" onClick={onRetry} data-testid={`${testId}-retry`}>
            {t('common:actions.retry')}
          </Button>
        }
        data-testid={`${testId}-error`}
      />
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
        <PackageCard key={pkg.id} pkg={pkg} />
      ))}
    </div>
  );
}
