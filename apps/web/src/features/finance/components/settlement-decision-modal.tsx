import { api, type Settlement } from '@nearcast/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { currentLanguage } from '../../../lib/i18n';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { formatUsd } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useDecideSettlement, type SettlementDecision } from '../api/settlement-actions';

interface Values {
  payout_reference?: string;
  reason?: string;
}

/** Staff decide one application: approve with the payout reference, or reject / mark failed with a reason. */
export function DecisionModal({ decision, onClose }: { decision: { kind: SettlementDecision['kind']; settlement: Settlement } | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const [form] = Form.useForm<Values>();
  const decide = useDecideSettlement();
  const kind = decision?.kind ?? 'approve';

  const submit = (values: Values) => {
    if (!decision) return;
    const id = decision.settlement.id;
    let body: SettlementDecision | null = null;
    if (kind === 'approve') {
      const parsed = validateWith(api.settlement.approve.request, { id, payout_reference: values.payout_reference ?? '' }, form);
      if (parsed) body = { kind, body: parsed };
    } else {
      const parsed = validateWith(api.settlement.reject.request, { id, reason: values.reason ?? '' }, form);
      if (parsed) body = { kind, body: parsed };
    }
    if (!body) return;
    decide.mutate(body, {
      onSuccess: () => {
        notifySuccess(t(`feedback.decided_${kind}`));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('feedback.operation_failed') }),
    });
  };

  const settlement = decision?.settlement;
  return (
    <FormModal
      open={decision !== null}
      title={t(`decide.${kind}_title`)}
      form={form}
      onClose={onClose}
      loading={decide.isPending}
      okText={t(`actions.${kind}`)}
      submitTestId="decision-submit"
      width={480}
    >
      {settlement && (
        <p className="fin-modal__lead">
          {t('decide.lead', { name: settlement.party_name, amount: formatUsd(settlement.amount_cents, currentLanguage()) })}
        </p>
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={(changed: object) => recheckFields(form, changed)} noValidate>
        {/* Field names follow the contract, so a server message lands under its field. */}
        {kind === 'approve' ? (
          <Form.Item name="payout_reference" label={t('decide.reference')} extra={t('decide.reference_hint')} required>
            <Input maxLength={120} autoComplete="off" data-testid="decision-text" />
          </Form.Item>
        ) : (
          <Form.Item name="reason" label={t('decide.reason')} required>
            <Input.TextArea rows={3} maxLength={500} data-testid="decision-text" />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
