import { PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { api, PLAN_PER_DAY_MAX, SCRIPT_LANGUAGES, type Plan, type ResponseOf, type ScriptLanguage } from '@nearcast/contract';
import { Alert, Button, Card, Form, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { formatDate } from '../../../lib/format-date';
import { failureText, isSignedOut, recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { isAbort } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePlan } from '../api/get-plan';
import { useRunPlan } from '../api/run-plan';
import { useUpdatePlan } from '../api/update-plan';
import { hourLabel, todayIn } from '../lib/dates';
import './plan-card.css';

type Mix = Record<ScriptLanguage, number>;

interface PlanValues {
  enabled: boolean;
  mix: Mix;
  studio_review: boolean;
  merchant_approval: boolean;
  run_hour: number;
}

type PlanRunResponse = ResponseOf<typeof api.creative.planRun>;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** How many videos of each language a day, with their total against the daily limit. One form control. */
function MixInput({ value, onChange, disabled }: { value?: Mix; onChange?: (next: Mix) => void; disabled?: boolean }) {
  const { t } = useTranslation('creative');
  const mix = value ?? { en: 0, es: 0, zh: 0 };
  const total = mix.en + mix.es + mix.zh;
  const over = total > PLAN_PER_DAY_MAX;
  return (
    <div className="cr-mix">
      <div className="cr-mix__inputs">
        {SCRIPT_LANGUAGES.map((language) => (
          <label key={language} className="cr-mix__item">
            <span className="cr-muted">{t(`language.${language}`)}</span>
            <InputNumber
              min={0}
              max={PLAN_PER_DAY_MAX}
              precision={0}
              value={mix[language]}
              onChange={(count) => onChange?.({ ...mix, [language]: typeof count === 'number' ? count : 0 })}
              disabled={disabled}
              aria-label={t('plan.mix_language', { language: t(`language_in_text.${language}`) })}
              data-testid={`plan-mix-${language}`}
            />
          </label>
        ))}
      </div>
      <span className={over ? 'cr-count cr-count--over' : 'cr-count'} data-testid="plan-total" role="status">
        {t('plan.total', { number: total, max: PLAN_PER_DAY_MAX })}
      </span>
    </div>
  );
}

/**
 * The merchant's daily plan: whether it runs, how many videos of each language a day (ten at
 * most), who reviews them, the hour it starts in the merchant's time, and "run today now" for
 * a day that should not wait. A day runs once: asked again, the server says it already ran.
 */
export function PlanCard({ merchantId, editable, onRan }: { merchantId: number; editable: boolean; onRan: (date: string) => void }) {
  const { t } = useTranslation('creative');
  const plan = usePlan(merchantId);
  let body;
  if (plan.isPending)
    body = (
      <div aria-busy="true" data-testid="plan-loading">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  else if (plan.isError) body = <LoadFailed error={plan.error} title={t('plan.load_failed')} onRetry={() => void plan.refetch()} testId="plan-error" retryTestId="plan-retry" />;
  else body = <PlanFields key={merchantId} plan={plan.data} editable={editable} onRan={onRan} />;
  return (
    <Card title={t('plan.title')} className="cr-card" data-testid="plan-card">
      {body}
    </Card>
  );
}

function PlanFields({ plan, editable, onRan }: { plan: Plan; editable: boolean; onRan: (date: string) => void }) {
  const { t } = useTranslation('creative');
  const [form] = Form.useForm<PlanValues>();
  const update = useUpdatePlan();
  const run = useRunPlan();
  const [ran, setRan] = useState<PlanRunResponse | null>(null);
  const enabled = Form.useWatch('enabled', form) ?? plan.enabled;

  const submit = (values: PlanValues) => {
    const body = validateWith(api.creative.planUpdate.request, { merchant_id: plan.merchant_id, ...values }, form);
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => notifySuccess(t('plan.saved')),
      onError: (error) => showServerError(form, error, { fallback: t('plan.save_failed') }),
    });
  };

  const runToday = () =>
    run.mutate(
      { merchant_id: plan.merchant_id, date: todayIn(plan.time_zone) },
      {
        onSuccess: (answer) => {
          setRan(answer);
          // The day is made in the background: its renders may not be queued yet, the plan says how many.
          if (answer.created) notifySuccess(t('plan.run_created', { count: answer.renders.length || plan.per_day }));
        },
        onError: (error) => {
          if (!isSignedOut(error) && !isAbort(error)) notifyError(failureText(t('plan.run_failed'), error));
        },
      },
    );

  return (
    <Form<PlanValues>
      form={form}
      layout="vertical"
      initialValues={{ enabled: plan.enabled, mix: { ...plan.mix }, studio_review: plan.studio_review, merchant_approval: plan.merchant_approval, run_hour: plan.run_hour }}
      onFinish={submit}
      onValuesChange={(changed) => recheckFields(form, changed)}
      disabled={!editable}
      requiredMark={false}
      className={editable ? 'cr-plan' : 'cr-plan cr-read-only'}
      data-testid="plan-form"
    >
      <Form.Item name="enabled" valuePropName="checked" label={t('plan.enabled')} extra={enabled ? t('plan.enabled_on') : t('plan.enabled_off')}>
        <Switch data-testid="plan-enabled" />
      </Form.Item>
      <Form.Item name="mix" label={t('plan.mix')}>
        <MixInput disabled={!editable} />
      </Form.Item>
      <div className="cr-plan__grid">
        <Form.Item name="studio_review" valuePropName="checked" label={t('plan.studio_review')} extra={t('plan.studio_review_hint')}>
          <Switch data-testid="plan-studio-review" />
        </Form.Item>
        <Form.Item name="merchant_approval" valuePropName="checked" label={t('plan.merchant_approval')} extra={t('plan.merchant_approval_hint')}>
          <Switch data-testid="plan-merchant-approval" />
        </Form.Item>
        <Form.Item name="run_hour" label={t('plan.run_hour')} extra={t('plan.time_zone', { zone: plan.time_zone })}>
          <Select<number> options={HOURS.map((hour) => ({ value: hour, label: hourLabel(hour) }))} data-testid="plan-run-hour" />
        </Form.Item>
      </div>
      <p className="cr-muted" data-testid="plan-last-run">
        {plan.last_run_date ? t('plan.last_run', { date: formatDate(plan.last_run_date, 'YYYY/MM/DD') }) : t('plan.never_run')}
      </p>
      {editable && (
        <div className="cr-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending} data-testid="plan-save">
            {t('plan.save')}
          </Button>
          <Button icon={<PlayCircleOutlined />} loading={run.isPending} onClick={runToday} data-testid="plan-run">
            {t('plan.run_today')}
          </Button>
        </div>
      )}
      {ran && (
        <Alert
          type={ran.created ? 'success' : 'info'}
          showIcon
          className="cr-alert"
          title={
            ran.created
              ? t('plan.run_created', { count: ran.renders.length || plan.per_day })
              : ran.preparing
                ? t('plan.preparing', { date: formatDate(ran.date, 'YYYY/MM/DD') })
                : t('plan.already_ran', { date: formatDate(ran.date, 'YYYY/MM/DD') })
          }
          action={
            <Button size="small" type="link" onClick={() => onRan(ran.date)} data-testid="plan-run-open">
              {t('plan.open_day')}
            </Button>
          }
          data-testid="plan-run-result"
        />
      )}
    </Form>
  );
}
