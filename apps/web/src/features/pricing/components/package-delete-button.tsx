import { DeleteOutlined } from '@ant-design/icons';
import type { PricePackage } from '@nearcast/contract';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeletePackage } from '../api/delete-package';

/**
 * Delete behind the spec's confirmation (§8 'Are you sure you want to delete?'). The OK button
 * waits for the call; a refusal says 'Delete failed' with the server's reason.
 */
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
    <Popconfirm
      title={t('delete.confirm')}
      description={<span className="pricing-confirm">{t('delete.body', { name: pkg.name })}</span>}
      okText={t('actions.delete')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
      onConfirm={confirm}
      placement="topRight"
    >
      <Button
        danger
        type="text"
        size="small"
        icon={<DeleteOutlined />}
        aria-label={t('actions.delete_named', { name: pkg.name })}
        title={t('actions.delete_named', { name: pkg.name })}
        data-testid="price-delete"
      >
        {showLabel ? t('actions.delete') : null}
      </Button>
    </Popconfirm>
  );
}
