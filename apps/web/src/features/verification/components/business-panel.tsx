import { EditOutlined, ShopOutlined } from '@ant-design/icons';
import { correctionAddRequest } from '@nearcast/contract';
import { Button, Descriptions, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { useBusinessDetails } from '../api/business-details';
import { useRequestCorrection } from '../api/request-correction';
import { CorrectionStatusTag } from './status-tag';
import { formatUsPhone } from '../../../lib/phone';

/**
 * A merchant's business details as its settle form stored them, read only, and its requests
 * that staff correct them (with staff's answers).
 */
export function BusinessPanel() {
  const { t } = useTranslation('verification');
  const navigate = useNavigate();
  const business = useBusinessDetails();
  const [asking, setAsking] = useState(false);

  if (business.isPending) return (
      // antd's Skeleton drops a data-testid: the wrapper carries it.
      <div data-testid="verification-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (business.isError) {
    return <LoadFailed error={business.error} onRetry={() => void business.refetch()} title={t('common:states.load_failed')} testId="verification-error" />;
  }
  const { details, corrections } = business.data;
  if (!details) {
    return (
      <ListEmpty
        title={t('business.incomplete_title')}
        body={t('business.incomplete_body')}
        testId="business-incomplete"
        action={
          <Button type="primary" onClick={() => void navigate('/settle')}>
            {t('business.complete')}
          </Button>
        }
      />
    );
  }
  const address = [details.address, details.city, details.county, details.state, details.zip_code, details.country].filter(Boolean).join(', ');
  return (
    <div className="ver-stack" data-testid="business-panel">
      <section className="ver-card">
        <h2 className="ver-card__title">
          <ShopOutlined aria-hidden="true" /> {t('business.title')}
        </h2>
        <p className="ver-hint">{t('business.intro')}</p>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" colon={false} layout="vertical" className="ver-details" data-testid="business-details">
          <Descriptions.Item label={t('business.fields.company_short')}>{details.company_short_name}</Descriptions.Item>
          <Descriptions.Item label={t('business.fields.company_full')}>{details.company_full_name}</Descriptions.Item>
          <Descriptions.Item label={t('business.fields.tax')}>
            <span className="ver-num">{details.tax_number}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('business.fields.name')}>{details.name}</Descriptions.Item>
          <Descriptions.Item label={t('business.fields.phone')}>
            <span className="ver-num">{formatUsPhone(details.phone)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('business.fields.wechat')}>{details.wechat}</Descriptions.Item>
          <Descriptions.Item label={t('business.fields.address')} span={{ xs: 1, md: 2 }}>
            {address}
          </Descriptions.Item>
        </Descriptions>
        <div className="ver-actions">
          <Button icon={<EditOutlined />} onClick={() => setAsking(true)} data-testid="correction-open">
            {t('business.ask_correction')}
          </Button>
        </div>
      </section>
      <section className="ver-card" data-testid="corrections">
        <h2 className="ver-card__title">{t('business.requests_title')}</h2>
        {corrections.length === 0 ? (
          <p className="ver-hint" data-testid="corrections-empty">
            {t('business.requests_empty')}
          </p>
        ) : (
          <ul className="ver-requests">
            {corrections.map((correction) => (
              <li key={correction.id} className="ver-request" data-testid={`correction-${correction.id}`}>
                <div className="ver-request__head">
                  <CorrectionStatusTag status={correction.status} />
                  <span className="ver-dim">{formatDate(correction.create_time)}</span>
                </div>
                <p className="ver-request__message">{correction.message}</p>
                {correction.status === 'resolved' && (
                  <p className="ver-request__note">
                    {correction.note ? t('business.staff_note', { note: correction.note }) : t('business.resolved_without_note')}
                    {correction.resolve_time && <span className="ver-dim"> · {formatDate(correction.resolve_time)}</span>}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CorrectionModal open={asking} onClose={() => setAsking(false)} />
    </div>
  );
}

function CorrectionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('verification');
  const [form] = Form.useForm<{ message: string }>();
  const ask = useRequestCorrection();
  const onFinish = (values: { message: string }) => {
    const body = validateWith(correctionAddRequest, values, form);
    if (!body) return;
    ask.mutateAsync(body).then(
      () => {
        notifySuccess(t('business.asked'));
        onClose();
      },
      (error: unknown) => showServerError(form, error, { fallback: t('submit_failed') }),
    );
  };
  return (
    <FormModal
      open={open}
      title={t('business.ask_correction')}
      form={form}
      onClose={onClose}
      loading={ask.isPending}
      okText={t('actions.send')}
      submitTestId="correction-submit"
      width={520}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} onValuesChange={(changed: object) => recheckFields(form, changed)} noValidate>
        <Form.Item name="message" label={t('business.correction_label')} extra={t('business.correction_hint')} className="ver-counted">
          <Input.TextArea rows={4} maxLength={1000} showCount data-testid="correction-message" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
