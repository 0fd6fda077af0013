import type { PricePackage } from '@nearcast/contract';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdatePackage } from '../api/update-package';

/**
 * Enabled/disabled (spec §4) switched in place with `/v1/price/update {id, status}`. A disabled
 * package leaves the public pricing page at once; buyers of it keep what they bought.
 */
export function PackageStatusSwitch({ pkg }: { pkg: PricePackage }) {
  const { t } = useTranslation('pricing');
  const update = useUpdatePackage();
  const enabled = pkg.status === 'enabled';

  const toggle = (checked: boolean) =>
    update.mutateAsync({ id: pkg.id, status: checked ? 'enabled' : 'disabled' }).then(
      () => notifySuccess(t(checked ? 'toast.enabled' : 'toast.disabled', { name: pkg.name })),
      (error: unknown) => {
        if (!isSignedOut(error)) notifyError(failureText(t('errors.setting_failed'), error));
      },
    );

  return (
    <span className="pricing-status">
      <Switch
        size="small"
        checked={enabled}
        loading={update.isPending}
        onChange={(checked) => void toggle(checked)}
        aria-label={t(enabled ? 'actions.disable_named' : 'actions.enable_named', { name: pkg.name })}
        data-testid={`price-status-${pkg.name}`}
      />
      <span className={enabled ? 'pricing-status__label' : 'pricing-status__label pricing-status__label--off'} data-testid="price-status-label">
        {t(`status.${pkg.status}`)}
      </span>
    </span>
  );
}
