import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { deleteErrorMessage } from '../lib/form-errors';

/**
 * Deleting an area or a zone behind the spec's confirmation. A refusal shows the server's
 * reason (an area still in use), else 'Delete failed'. Clicks stop here so a table row that
 * opens on click does not open as well.
 */
export function DeleteButton({ onDelete, testId, name }: { onDelete: () => Promise<unknown>; testId: string; name: string }) {
  const { t } = useTranslation('area');
  const confirm = () =>
    onDelete().then(
      () => notifySuccess(t('delete.done')),
      (error: unknown) => {
        const message = deleteErrorMessage(error, t('delete.failed'));
        if (message) notifyError(message);
      },
    );
  return (
    <span onClick={(event) => event.stopPropagation()} className="area-actions">
      <ConfirmDeleteButton
        title={t('delete.confirm')}
        description={name}
        okText={t('delete.ok')}
        label={<span className="area-actions__label">{t('delete.ok')}</span>}
        ariaLabel={`${t('delete.ok')} ${name}`}
        testId={testId}
        onConfirm={confirm}
      />
    </span>
  );
}
