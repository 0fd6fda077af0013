import { api, DRAFT_REASON_MAX, type PublishTargetName, type Render } from '@nearcast/contract';
import { Checkbox, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { applyFieldErrors, recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { useApproveDraft, useRejectDraft } from '../api/decide-draft';
import { useMerchantConnections } from '../api/merchant-connections';
import { platformName } from '../lib/platform-name';

interface ApproveValues {
  platforms: PublishTargetName[];
  when: 'next' | 'at';
  schedule_at?: Dayjs | null;
  approval: 'plan' | 'ask' | 'skip';
}

/**
 * Approving a draft makes it a post. Everything is optional: no platform ticked means every one
 * the merchant has connected (the sandbox when none), no time means the day's next free slot,
 * and the merchant is asked first as its plan says unless the studio says otherwise here.
 */
export function ApproveModal({ render, onClose }: { render: Render | null; onClose: () => void }) {
  const { t } = useTranslation('creative');
  const [form] = Form.useForm<ApproveValues>();
  const approve = useApproveDraft();
  const when = Form.useWatch('when', form) ?? 'next';
  const connections = useMerchantConnections(render?.merchant_id ?? 0, render !== null);
  const connected = (connections.data?.list[0]?.connections ?? []).filter((connection) => connection.state === 'connected' || connection.state === 'expiring');

  const submit = (values: ApproveValues) => {
    if (!render) return;
    if (values.when === 'at' && !values.schedule_at) {
      applyFieldErrors(form, { schedule_at: t('approve.time_required') });
      return;
    }
    const body = validateWith(
      api.creative.draftApprove.request,
      {
        id: render.id,
        ...(values.platforms.length > 0 ? { platforms: values.platforms } : {}),
        ...(values.when === 'at' && values.schedule_at ? { schedule_at: values.schedule_at.toISOString() } : {}),
        ...(values.approval === 'plan' ? {} : { require_approval: values.approval === 'ask' }),
      },
      form,
    );
    if (!body) return;
    approve.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(t('approve.done', { title: saved.script.title }));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t('approve.failed') }),
    });
  };

  return (
    <FormModal open={render !== null} title={t('approve.title', { title: render?.script.title ?? '' })} form={form} onClose={onClose} loading={approve.isPending} okText={t('board.approve')} submitTestId="approve-submit" width={520}>
      <Form<ApproveValues> form={form} layout="vertical" onFinish={submit} onValuesChange={(changed) => recheckFields(form, changed)} initialValues={{ platforms: [], when: 'next', schedule_at: null, approval: 'plan' }} requiredMark={false} data-testid="approve-form">
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
          <Form.Item name="schedule_at" label={t('approve.time')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY/MM/DD HH:mm" disabledDate={(day) => day.isBefore(dayjs().startOf('day'))} placeholder={formatDate(dayjs().add(1, 'hour').toDate())} data-testid="approve-time" />
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
