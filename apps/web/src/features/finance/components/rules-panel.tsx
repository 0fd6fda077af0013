import { api, type CommissionRule } from '@nearcast/contract';
import { Button, Card, Form, Input, InputNumber, Skeleton, Table } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { formatDate } from '../../../lib/format-date';
import { showServerError, validateWith } from '../../../lib/form-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useCommissionRules, useUpdateCommissionRules } from '../api/commission-rules';
import { bpsOf, percentOf } from '../lib/display';

const MERCHANT = ['studio', 'agent', 'sub_agent', 'main_agent'] as const;
const MEMBERSHIP = ['agent', 'sub_agent', 'main_agent'] as const;

type Values = Record<string, number | string | null | undefined> & { note?: string };

function toValues(rule: CommissionRule): Values {
  const values: Values = { note: '' };
  for (const key of MERCHANT) values[`rates.merchant.${key}`] = rule.rates.merchant[key] / 100;
  for (const key of MEMBERSHIP) values[`rates.membership.${key}`] = rule.rates.membership[key] / 100;
  return values;
}

/**
 * The super admin's commission rules: the current version's shares in percent, saved as a new
 * version that applies to payments from then on (never to the past), and the versions before it.
 */
export function RulesPanel() {
  const { t } = useTranslation('finance');
  const rules = useCommissionRules();
  const update = useUpdateCommissionRules();
  const [form] = Form.useForm<Values>();
  const current = rules.data?.current;

  useEffect(() => {
    if (current) form.setFieldsValue(toValues(current));
  }, [current, form]);

  if (rules.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (rules.isError) return <LoadFailed error={rules.error} onRetry={() => void rules.refetch()} />;

  const submit = (values: Values) => {
    const rate = (key: string) => bpsOf(values[key] as number | string | undefined);
    const body = validateWith(
      api.finance.rulesUpdate.request,
      {
        rates: {
          merchant: Object.fromEntries(MERCHANT.map((key) => [key, rate(`rates.merchant.${key}`)])),
          membership: Object.fromEntries(MEMBERSHIP.map((key) => [key, rate(`rates.membership.${key}`)])),
        },
        note: values.note ?? '',
      },
      form,
    );
    if (!body) return;
    update.mutate(body, {
      onSuccess: (answer) => notifySuccess(t('rules.saved', { version: answer.current.version })),
      onError: (error) => showServerError(form, error, { fallback: t('feedback.submit_failed') }),
    });
  };

  const field = (group: 'merchant' | 'membership', key: string) => (
    <Form.Item key={`${group}.${key}`} name={`rates.${group}.${key}`} label={t(`rules.${group}_${key}`)} required>
      <InputNumber min={0} max={100} step={0.5} suffix="%" className="fin-rate" data-testid={`rule-${group}-${key}`} />
    </Form.Item>
  );

  const history = [rules.data.current, ...rules.data.history];
  return (
    <div className="fin-rules" data-testid="rules-panel">
      <Card size="small" title={t('rules.current', { version: rules.data.current.version })}>
        <p className="fin-modal__lead">{t('rules.lead')}</p>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} noValidate data-testid="rules-form">
          <h3 className="fin-rules__group">{t('rules.merchant')}</h3>
          <div className="fin-rules__grid">{MERCHANT.map((key) => field('merchant', key))}</div>
          <h3 className="fin-rules__group">{t('rules.membership')}</h3>
          <div className="fin-rules__grid">{MEMBERSHIP.map((key) => field('membership', key))}</div>
          {/* The schema names `rates` for a share total over 100 % or a rate that is not a number. */}
          <Form.Item name="rates" className="fin-rules__total" data-testid="rules-error">
            <span />
          </Form.Item>
          <Form.Item name="note" label={t('rules.note')}>
            <Input maxLength={500} data-testid="rule-note" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="rules-submit">
            {t('rules.save')}
          </Button>
        </Form>
      </Card>
      <Table<CommissionRule>
        className="fin-rules__history"
        rowKey="version"
        size="small"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={history}
        columns={[
          { key: 'version', title: t('rules.version'), width: 90, render: (_, row) => `v${row.version}` },
          {
            key: 'merchant',
            title: t('rules.merchant'),
            render: (_, row) => MERCHANT.map((key) => `${t(`rules.short_${key}`)} ${percentOf(row.rates.merchant[key])}`).join(' · '),
          },
          {
            key: 'membership',
            title: t('rules.membership'),
            render: (_, row) => MEMBERSHIP.map((key) => `${t(`rules.short_${key}`)} ${percentOf(row.rates.membership[key])}`).join(' · '),
          },
          { key: 'note', title: t('rules.note'), ellipsis: true, render: (_, row) => row.note || '—' },
          { key: 'time', title: t('fields.create_time'), width: 150, render: (_, row) => formatDate(row.create_time) },
        ]}
      />
    </div>
  );
}
