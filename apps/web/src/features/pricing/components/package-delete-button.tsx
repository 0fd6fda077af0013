import type { PricePackage } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeletePackage } from '../api/delete-package';

/** Deleting a package behind the spec's confirmation; a refusal says 'Delete failed' with the server's reason. */
export function PackageDeleteButton({ pkg, showLabel = true }: { pkg: PricePackage; showLabel?: boolean }) {
  const { t } = useTranslation('pricing');
  const remove = useDeletePackage();
  const confirm = () =>
    remove.mutateAsync(pkg.id).then(
      () => notifySuccess(t('toast.deleted', { name: pkg.name })),
      (error: unknown) => {
        if (!isSignedOut(error)) notifyError(failureText(t('errors.delete_failed'), error));
      },
    );
  return (
    <ConfirmDeleteButton
      title={t('delete.confirm')}
      description={<span className="pricing-confirm">{t('delete.body', { name: pkg.name })}</span>}
      okText={t('actions.delete')}
      label={showLabel ? t('actions.delete') : null}
      ariaLabel={t('actions.delete_named', { name: pkg.name })}
      testId="price-delete"
      onConfirm={confirm}
    />
  );
}
