import { Modal, type ButtonProps, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from './layers';
import './lists.css';

/**
 * The frame of every create/edit form over a list: OK submits the form, Cancel closes, full
 * screen on a phone, and (for create forms) the form is cleared once the dialog has closed.
 */
export function FormModal({
  open,
  title,
  form,
  onClose,
  loading,
  okText,
  submitTestId,
  width,
  resetOnClose = true,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance;
  onClose: () => void;
  loading: boolean;
  okText: string;
  submitTestId: string;
  width: number;
  resetOnClose?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': submitTestId } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'modal-cancel' } as ButtonProps}
      confirmLoading={loading}
      width={{ xs: '100%', md: width }}
      className="nc-modal"
      zIndex={DIALOG_Z_INDEX}
      forceRender
      afterClose={resetOnClose ? () => form.resetFields() : undefined}
    >
      {children}
    </Modal>
  );
}
