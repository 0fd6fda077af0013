import { Button, Modal } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from './layers';
import './lists.css';

export interface ConfirmRequest {
  title: ReactNode;
  body?: ReactNode;
  okText: string;
  danger?: boolean;
  /** Runs on OK; the dialog shows a spinner until it settles, then closes either way. */
  onOk: () => Promise<unknown>;
}

/**
 * A confirmation before anything that changes who belongs to whom, or that locks someone out
 * (design.md: "confirmations before anything destructive"). Its OK button is `confirm-ok`.
 */
export function useConfirm(): [(request: ConfirmRequest) => void, ReactNode] {
  const { t } = useTranslation('common');
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);

  const close = useCallback(() => {
    if (!busy) setRequest(null);
  }, [busy]);

  const ok = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.onOk();
    } catch {
      // The caller reports its own failure; the dialog only closes.
    } finally {
      setBusy(false);
      setRequest(null);
    }
  };

  const element = (
    <Modal
      open={request !== null}
      title={request?.title}
      onCancel={close}
      width={{ xs: '100%', sm: 440 }}
      className="nc-modal nc-confirm"
      zIndex={DIALOG_Z_INDEX}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close} disabled={busy} data-testid="confirm-cancel">
          {t('actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" danger={request?.danger} loading={busy} onClick={() => void ok()} data-testid="confirm-ok">
          {request?.okText}
        </Button>,
      ]}
    >
      {request?.body && <div className="nc-confirm__body">{request.body}</div>}
    </Modal>
  );

  return [setRequest, element];
}
