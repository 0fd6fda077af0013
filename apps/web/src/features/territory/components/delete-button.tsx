import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { deleteErrorMessage } from '../lib/form-errors';

/**
 * A delete action behind the spec's confirmation (§8 'Are you sure you want to delete?'). The
 * OK button waits for the call; a refusal shows the server's reason, else 'Delete failed'.
 * Clicks stop here so a table row that opens on click does not open as well.
 */
export function DeleteButton({ onDelete, testId, name }: { onDelete: () => Promise<unknown>; testId: string; name: string }) {
  const { t } = useTranslation('territory');
  const confirm = () =>
    onDelete().then(
      () => notifySuccess(t('delete.done')),
      (error: unknown) => {
        const message = deleteErrorMessage(error, t('delete.failed'));
        if (message) notifyError(message);
      },
    );
  return (
    <span onClick={(event) => event.stopPropagation()} className="territory-actions">
      <Popconfirm
        title={t('delete.confirm')}
        description={name}
        okText={t('delete.ok')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
        cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
        onConfirm={confirm}
        placement="topRight"
      >
        <Button danger type="text" size="small" icon={<DeleteOutlined />} data-testid={testId} aria-label={`${t('delete.ok')} ${name}`}>
          <span className="territory-actions__label">{t('delete.ok')}</span>
        </Button>
      </Popconfirm>
    </span>
  );
}
