import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/money';

export interface PendingCheckout {
  sessionId: string;
  url: string;
  amountCents: number;
  /** Whether the payment window could be opened; if not, the link is offered instead. */
  windowOpened: boolean;
}

/**
 * The confirmation of spec §4 "Payment flow": the payment runs in the other window; back here
 * the user says they are done, and the result page verifies the session.
 */
export function PaymentConfirmModal({
  checkout,
  onDone,
  onReopen,
  onCancel,
}: {
  checkout: PendingCheckout | null;
  onDone: () => void;
  onReopen: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('payment');
  return (
    <Modal
      open={checkout !== null}
      title={t('confirm.title')}
      onCancel={onCancel}
      mask={{ closable: false }}
      width={{ xs: '100%', md: 520 }}
      className="payment-confirm"
      footer={
        <div className="payment-confirm__actions">
          <Button onClick={onCancel} data-testid="payment-confirm-cancel">
            {t('confirm.cancel')}
          </Button>
          <Button onClick={onReopen} data-testid="payment-confirm-reopen">
            {t('confirm.reopen')}
          </Button>
          <Button type="primary" onClick={onDone} data-testid="payment-confirm-done">
            {t('confirm.done')}
          </Button>
        </div>
      }
    >
      {checkout && (
        <div data-testid="payment-confirm-modal">
          <p className="payment-confirm__body">{t('confirm.body')}</p>
          <p className="payment-confirm__amount">
            {t('confirm.amount')} <strong data-testid="payment-confirm-amount">{formatUsd(checkout.amountCents, i18n.language)}</strong>
          </p>
          {!checkout.windowOpened && (
            <Alert
              type="warning"
              showIcon
              title={t('confirm.blocked')}
              description={
                <a href={checkout.url} target="_blank" rel="noopener noreferrer" data-testid="payment-open-link">
                  {t('confirm.open_link')}
                </a>
              }
            />
          )}
        </div>
      )}
    </Modal>
  );
}
