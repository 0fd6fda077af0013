import { api, type FinanceRecord } from '@nearcast/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { currentLanguage } from '../../../lib/i18n';
import { dollarsToCents, formatUsd } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useRefundPayment } from '../api/refund-payment';

interface Values {
  amount_cents?: string;
  reason?: string;
}

/** Staff refund a payment: the whole remaining amount when no amount is typed, or a part of it. */
export function RefundModal({ payment, onClose }: { payment: FinanceRecord | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const [form] = Form.useForm<Values>();
  const refund = useRefundPayment();
  const language = currentLanguage();

  const submit = (values: Values) => {
    if (!payment?.payment_id) return;
    const body = validateWith(
      api.finance.refund.request,
      { payment_id: payment.payment_id, amount_cents: dollarsToCents(values.amount_cents), reason: values.reason ?? '' },
      form,
    );
    if (!body) return;
    refund.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(t('refund.done', { amount: formatUsd(answer.refund.amount_cents, language), left: formatUsd(answer.remaining_cents, language) }));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('feedback.operation_failed') }),
    });
  };

  return (
    <FormModal
      open={payment !== null}
      title={t('refund.title', { id: payment?.transaction_id ?? '' })}
      form={form}
      onClose={onClose}
      loading={refund.isPending}
      okText={t('actions.refund')}
      submitTestId="refund-submit"
      width={480}
    >
      {payment && <p className="fin-modal__lead">{t('refund.lead', { name: payment.user_name ?? '', amount: formatUsd(payment.amount_cents, language) })}</p>}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={(changed: object) => recheckFields(form, changed)} noValidate>
        <Form.Item name="amount_cents" label={t('refund.amount')} extra={t('refund.amount_hint')}>
          <Input inputMode="decimal" prefix="$" autoComplete="off" data-testid="refund-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t('refund.reason')}>
          <Input.TextArea rows={3} maxLength={500} data-testid="refund-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
