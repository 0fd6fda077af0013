import { api } from '@nearcast/contract';
import { Button, Card, Form, InputNumber, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { showServerError, validateWith } from '../../../lib/form-feedback';
import { centsToDollars, dollarsToCents } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useFinanceSettings, useUpdateFinanceSettings } from '../api/finance-settings';
import { bpsOf } from '../lib/display';

interface Values {
  holding_days?: number | null;
  settlement_min_cents?: string | number | null;
  settlement_fee_bps?: number | null;
}

/** The super admin's finance settings: the holding period, the settlement minimum and the platform fee. */
export function SettingsPanel() {
  const { t } = useTranslation('finance');
  const settings = useFinanceSettings();
  const update = useUpdateFinanceSettings();
  const [form] = Form.useForm<Values>();
  const data = settings.data;

  useEffect(() => {
    if (data) {
      form.setFieldsValue({ holding_days: data.holding_days, settlement_min_cents: Number(centsToDollars(data.settlement_min_cents)), settlement_fee_bps: data.settlement_fee_bps / 100 });
    }
  }, [data, form]);

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (settings.isError) return <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;

  const submit = (values: Values) => {
    const body = validateWith(
      api.finance.settingsUpdate.request,
      {
        holding_days: values.holding_days ?? Number.NaN,
        settlement_min_cents: dollarsToCents(values.settlement_min_cents ?? '') ?? Number.NaN,
        settlement_fee_bps: bpsOf(values.settlement_fee_bps),
      },
      form,
    );
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => notifySuccess(t('settings.saved')),
      onError: (error) => showServerError(form, error, { fallback: t('feedback.submit_failed') }),
    });
  };

  return (
    <Card size="small" title={t('settings.title')} data-testid="settings-panel">
      <p className="fin-modal__lead">{t('settings.lead')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} noValidate>
        <div className="fin-rules__grid">
          <Form.Item name="holding_days" label={t('settings.holding_days')} required>
            <InputNumber min={0} max={365} precision={0} className="fin-rate" data-testid="setting-holding-days" />
          </Form.Item>
          <Form.Item name="settlement_min_cents" label={t('settings.minimum')} required>
            <InputNumber min={0} step={10} prefix="$" className="fin-rate" data-testid="setting-minimum" />
          </Form.Item>
          <Form.Item name="settlement_fee_bps" label={t('settings.fee')} required>
            <InputNumber min={0} max={50} step={0.5} suffix="%" className="fin-rate" data-testid="setting-fee" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="settings-submit">
          {t('settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
