import { api, DRAFT_REASON_MAX, type PublishTargetName, type Render } from '@nearcast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Input, Radio, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { applyFieldErrors, recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { zoneNameOf } from '../../../lib/date-style';
import { notifySuccess } from '../../../lib/notify';
import { invalidateEndpoints } from '../../../lib/query-keys';
import { useApproveDraft, useRejectDraft } from '../api/decide-draft';
import { useMerchantConnections } from '../api/merchant-connections';
import { usePlan } from '../api/get-plan';
import { renderReads } from '../api/render-cache';
import { todayIn, zonedToIso } from '../lib/dates';
import { platformName } from '../lib/platform-name';
import './review.css';

interface ApproveValues {
  platforms: PublishTargetName[];
  when: 'next' | 'at';
  /** The day and the clock time in the merchant's zone: two narrow pickers fit a 375 px phone. */
  schedule_day?: Dayjs | null;
  schedule_time?: Dayjs | null;
  approval: 'plan' | 'ask' | 'skip';
}

/**
 * Approving a draft makes it a post. Everything is optional: no platform ticked means every one
 * the merchant has connected (the sandbox when none), no time means the day's next free slot,
 * and the merchant is asked first as its plan says unless the studio says otherwise here.
 */
export function ApproveModal({ render, onClose }: { render: Render | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('creative');
  const [form] = Form.useForm<ApproveValues>();
  const approve = useApproveDraft();
  const queryClient = useQueryClient();
  const plan = usePlan(render?.merchant_id ?? null);
  const zone = plan.data?.time_zone;
  const zoneLabel = zone ? `${zone} (${zoneNameOf(Date.now(), i18n.resolvedLanguage, zone)})` : '';
  const when = Form.useWatch('when', form) ?? 'next';
  const connections = useMerchantConnections(render?.merchant_id ?? 0, render !== null);
  const connected = (connections.data?.list[0]?.connections ?? []).filter((connection) => connection.state === 'connected' || connection.state === 'expiring');

  const submit = (values: ApproveValues) => {
    if (!render) return;
    if (values.when === 'at' && (!values.schedule_day || !values.schedule_time)) {
      applyFieldErrors(form, values.schedule_day ? { schedule_time: t('approve.time_required') } : { schedule_day: t('approve.time_required') });
      return;
    }
    const scheduleAt = values.when === 'at' && values.schedule_day && values.schedule_time ? zonedToIso(values.schedule_day.format('YYYY-MM-DD'), values.schedule_time.format('HH:mm'), zone) : null;
    const body = validateWith(
      api.creative.draftApprove.request,
      {
        id: render.id,
        ...(values.platforms.length > 0 ? { platforms: values.platforms } : {}),
        ...(scheduleAt ? { schedule_at: scheduleAt } : {}),
        ...(values.approval === 'plan' ? {} : { require_approval: values.approval === 'ask' }),
      },
      form,
    );
    if (!body) return;
    approve.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(t('approve.done', { title: saved.script.title }));
        // Opened from the review queue, the draft leaves the pending list: the lists read again.
        void invalidateEndpoints(queryClient, renderReads);
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('approve.failed') }),
    });
  };

  return (
    <FormModal open={render !== null} title={t('approve.title', { title: render?.script.title ?? '' })} form={form} onClose={onClose} loading={approve.isPending} okText={t('board.approve')} submitTestId="approve-submit" width={520}>
      <Form<ApproveValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed) => recheckFields(form, changed)}
        initialValues={{ platforms: [], when: 'next', schedule_day: null, schedule_time: null, approval: 'plan' }}
        requiredMark={false}
        // Enter in a picker confirms the picked value; it must not approve the draft there and then.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
        }}
        data-testid="approve-form"
      >
        <Form.Item name="platforms" label={t('approve.platforms')} extra={connected.length > 0 ? t('approve.platforms_hint') : undefined}>
          {connected.length === 0 ? (
            <p className="cr-muted" data-testid="approve-no-platforms">
              {connections.isPending ? t('approve.platforms_loading') : t('approve.platforms_none')}
            </p>
          ) : (
            <Checkbox.Group className="cr-approve__platforms" options={connected.map((connection) => ({ value: connection.platform, label: platformName(connection.platform, t) }))} data-testid="approve-platforms" />
          )}
        </Form.Item>
        <Form.Item name="when" label={t('approve.when')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'next', label: t('approve.when_next') },
              { value: 'at', label: t('approve.when_at') },
            ]}
            data-testid="approve-when"
          />
        </Form.Item>
        {when === 'at' && (
          <Form.Item label={t('approve.time')} extra={zoneLabel ? <span data-testid="approve-zone">{t('zone.label', { zone: zoneLabel })}</span> : undefined} className="cr-approve__when">
            <div className="cr-approve__time">
              <Form.Item name="schedule_day" noStyle>
                <DatePicker format="YYYY/MM/DD" disabledDate={(day) => day.format('YYYY-MM-DD') < todayIn(zone)} placeholder={todayIn(zone).replaceAll('-', '/')} aria-label={t('approve.time')} data-testid="approve-day" />
              </Form.Item>
              <Form.Item name="schedule_time" noStyle>
                <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} placeholder="09:00" aria-label={t('approve.time')} data-testid="approve-time" />
              </Form.Item>
            </div>
          </Form.Item>
        )}
        <Form.Item name="approval" label={t('approve.merchant')}>
          <Radio.Group
            options={[
              { value: 'plan', label: t('approve.merchant_plan') },
              { value: 'ask', label: t('approve.merchant_ask') },
              { value: 'skip', label: t('approve.merchant_skip') },
            ]}
            className="cr-approve__approval"
            data-testid="approve-approval"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Turning a draft down, saying why: the reason stays on its card for whoever made it. */
export function RejectModal({ render, onClose }: { render: Render | null; onClose: () => void }) {
  const { t } = useTranslation('creative');
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectDraft();
  const submit = (values: { reason?: string }) => {
    if (!render) return;
    const body = validateWith(api.creative.draftReject.request, { id: render.id, reason: values.reason ?? '' }, form);
    if (!body) return;
    reject.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('reject.done'));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('reject.failed') }),
    });
  };
  return (
    <FormModal open={render !== null} title={t('reject.title', { title: render?.script.title ?? '' })} form={form} onClose={onClose} loading={reject.isPending} okText={t('board.reject')} submitTestId="reject-submit" width={480}>
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={(changed) => recheckFields(form, changed)} requiredMark={false} data-testid="reject-form">
        <Form.Item name="reason" label={t('reject.reason')} extra={t('reject.reason_hint')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} count={{ show: true, max: DRAFT_REASON_MAX }} placeholder={t('reject.reason_placeholder')} data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
