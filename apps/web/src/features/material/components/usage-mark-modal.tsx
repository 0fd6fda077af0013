import { FOOTAGE_USAGE_REASON_MAX, FOOTAGE_USAGES, type Footage, type FootageUsage } from '@nearcast/contract';
import { Form, Input, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { isSignedOut, showServerError } from '../../../lib/form-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useMarkFootage } from '../api/mark-footage';

interface MarkValues {
  usage: FootageUsage;
  reason: string;
}

/**
 * The studio's (or operator's) word on one material: pending (not used yet), completed (used),
 * failed (unusable, with a reason the merchant reads, such as "too dark").
 */
export function UsageMarkModal({ footage, onClose }: { footage: Footage | null; onClose: () => void }) {
  const { t } = useTranslation('material');
  const [form] = Form.useForm<MarkValues>();
  const mark = useMarkFootage();
  const usage = Form.useWatch('usage', form);

  useEffect(() => {
    if (footage) form.setFieldsValue({ usage: footage.usage, reason: footage.usage === 'failed' ? footage.usage_reason : '' });
  }, [form, footage]);

  const submit = (values: MarkValues) => {
    if (!footage) return;
    mark
      .mutateAsync({
        id: footage.id,
        usage: values.usage,
        reason: values.usage === 'failed' ? values.reason.trim() : '',
        // Keeps the videos already linked; the video workspace links new ones.
        video_ids: values.usage === 'completed' ? footage.usage_video_ids : [],
      })
      .then(
        () => {
          notifySuccess(t('feedback.marked', { usage: t(`usage.${values.usage}`) }));
          onClose();
        },
        (error: unknown) => {
          if (!isSignedOut(error)) showServerError(form, error, { fallback: t('feedback.setting_failed') });
        },
      );
  };

  return (
    <FormModal
      open={footage !== null}
      title={footage ? t('mark.title', { name: footage.name }) : ''}
      form={form}
      onClose={onClose}
      loading={mark.isPending}
      okText={t('mark.submit')}
      submitTestId="mark-submit"
      width={480}
    >
      <Form<MarkValues> form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ usage: 'pending', reason: '' }}>
        <Form.Item name="usage" label={t('fields.usage')}>
          <Radio.Group className="material-mark__choices" data-testid="mark-usage">
            {FOOTAGE_USAGES.map((value) => (
              <Radio key={value} value={value} data-testid={`mark-usage-${value}`}>
                <span className="material-mark__choice">{t(`usage.${value}`)}</span>
                <span className="material-mark__hint">{t(`mark.hint_${value}`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {usage === 'failed' && (
          <Form.Item name="reason" label={t('fields.usage_reason')} rules={[{ required: true, whitespace: true, message: t('mark.reason_required') }]}>
            <Input.TextArea maxLength={FOOTAGE_USAGE_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('mark.reason_placeholder')} data-testid="mark-reason" />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
