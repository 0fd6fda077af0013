import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled, FileImageOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { TAX_KINDS, verificationSubmitRequest, type PayoutVerification, type UploadResponse } from '@nearcast/contract';
import { Alert, Button, Descriptions, Form, Input, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { Uploader } from '../../../components/upload';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { useMyVerification } from '../api/my-verification';
import { useSubmitVerification } from '../api/submit-verification';
import { masked, VerificationStatusTag } from './status-tag';

interface PayoutValues {
  legal_name: string;
  tax_kind: 'business' | 'personal';
  tax_number: string;
  holder_name: string;
  routing_number: string;
  account_number: string;
  document_upload_id?: number;
}

const FIELD_ORDER: (keyof PayoutValues)[] = ['legal_name', 'tax_kind', 'tax_number', 'holder_name', 'routing_number', 'account_number', 'document_upload_id'];

/**
 * A studio's or an agent's payout details: where it stands (none, under review, approved,
 * rejected with the reason), what it submitted (numbers by their last four digits only), and
 * the form to submit or change them. A change goes back to review.
 */
export function PayoutPanel() {
  const { t } = useTranslation('verification');
  const mine = useMyVerification();
  const [editing, setEditing] = useState(false);

  if (mine.isPending) return (
      // antd's Skeleton drops a data-testid: the wrapper carries it.
      <div data-testid="verification-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (mine.isError) {
    return <LoadFailed error={mine.error} onRetry={() => void mine.refetch()} title={t('common:states.load_failed')} testId="verification-error" />;
  }
  const current = mine.data.verification;
  return (
    <div className="ver-stack" data-testid="payout-panel">
      <PayoutStatus verification={current} />
      {current && !editing && (
        <section className="ver-card" data-testid="payout-summary">
          <Descriptions column={{ xs: 1, md: 2 }} size="small" colon={false} layout="vertical" className="ver-details">
            <Descriptions.Item label={t('fields.legal_name')}>{current.legal_name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.tax_number')}>
              <span className="ver-num">{`${t(`tax_kind.${current.tax_kind}`)} · ${masked(current.tax_last4)}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.holder_name')}>{current.holder_name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.bank')}>
              <span className="ver-num" data-testid="payout-account-last4">
                {t('bank_masked', { routing: masked(current.routing_last4), account: masked(current.account_last4) })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.document')}>
              {current.document ? (
                <a href={current.document.url} target="_blank" rel="noreferrer" data-testid="payout-document">
                  <FileImageOutlined aria-hidden="true" /> {t('open_document')}
                </a>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.submitted')}>{formatDate(current.submit_time)}</Descriptions.Item>
          </Descriptions>
          <div className="ver-actions">
            <Button onClick={() => setEditing(true)} data-testid="payout-edit">
              {current.status === 'rejected' ? t('actions.resubmit') : t('actions.change')}
            </Button>
          </div>
        </section>
      )}
      {(!current || editing) && <PayoutForm current={current} onDone={() => setEditing(false)} onCancel={current ? () => setEditing(false) : undefined} />}
    </div>
  );
}

function PayoutStatus({ verification }: { verification: PayoutVerification | null }) {
  const { t } = useTranslation('verification');
  if (!verification) {
    return <Alert type="info" showIcon icon={<SafetyCertificateOutlined />} message={t('payout.none_title')} description={t('payout.none_body')} data-testid="payout-none" />;
  }
  const time = formatDate(verification.review_time ?? verification.submit_time);
  const title = (
    <span className="ver-status-title">
      {t(`payout.${verification.status}_title`)} <VerificationStatusTag status={verification.status} />
    </span>
  );
  if (verification.status === 'approved') {
    return <Alert type="success" showIcon icon={<CheckCircleFilled />} message={title} description={t('payout.approved_body', { time, account: masked(verification.account_last4) })} />;
  }
  if (verification.status === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        icon={<CloseCircleFilled />}
        message={title}
        description={
          <>
            <p className="ver-reason" data-testid="payout-reject-reason">
              {t('payout.rejected_reason', { reason: verification.reject_reason ?? '' })}
            </p>
            <p>{t('payout.rejected_body')}</p>
          </>
        }
      />
    );
  }
  return <Alert type="warning" showIcon icon={<ClockCircleFilled />} message={title} description={t('payout.pending_body', { time })} />;
}

function PayoutForm({ current, onDone, onCancel }: { current: PayoutVerification | null; onDone: () => void; onCancel: (() => void) | undefined }) {
  const { t } = useTranslation('verification');
  const [form] = Form.useForm<PayoutValues>();
  const submit = useSubmitVerification();
  const taxKind = Form.useWatch('tax_kind', form) ?? current?.tax_kind ?? 'business';
  const onFinish = (values: PayoutValues) => {
    const body = validateWith(verificationSubmitRequest, values, form);
    // The first submission needs a document; a change may keep the one already reviewed.
    if (body && !current && body.document_upload_id === undefined) {
      form.setFields([{ name: 'document_upload_id', errors: [t('messages:verification.document_required')] }]);
      form.scrollToField('document_upload_id', { block: 'center', behavior: 'smooth' });
      return;
    }
    if (!body) {
      const first = FIELD_ORDER.find((name) => form.getFieldError(name).length > 0);
      if (first) form.scrollToField(first, { block: 'center', behavior: 'smooth' });
      return;
    }
    submit.mutateAsync(body).then(
      () => {
        notifySuccess(t('payout.submitted'));
        onDone();
      },
      (error: unknown) => showServerError(form, error, { fallback: t('submit_failed') }),
    );
  };

  return (
    <Form<PayoutValues>
      form={form}
      className="ver-card ver-form"
      layout="vertical"
      requiredMark={false}
      initialValues={{ legal_name: current?.legal_name ?? '', tax_kind: current?.tax_kind ?? 'business', holder_name: current?.holder_name ?? '' }}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<PayoutValues>) => recheckFields(form, changed)}
      data-testid="payout-form"
      noValidate
    >
      <p className="ver-hint">{current ? t('payout.form_intro_change') : t('payout.form_intro')}</p>
      <div className="ver-grid">
        <Form.Item name="legal_name" label={t('fields.legal_name')} extra={t('hints.legal_name')}>
          <Input maxLength={200} autoComplete="organization" data-testid="payout-legal-name" />
        </Form.Item>
        <Form.Item name="tax_kind" label={t('fields.tax_kind')}>
          <Radio.Group optionType="button" options={TAX_KINDS.map((kind) => ({ value: kind, label: t(`tax_kind.${kind}`) }))} data-testid="payout-tax-kind" />
        </Form.Item>
        <Form.Item name="tax_number" label={t('fields.tax_number')} extra={t(`hints.tax_${taxKind}`)}>
          <Input inputMode="numeric" autoComplete="off" maxLength={11} placeholder={taxKind === 'personal' ? '123-45-6789' : '12-3456789'} data-testid="payout-tax-number" />
        </Form.Item>
        <Form.Item name="holder_name" label={t('fields.holder_name')}>
          <Input maxLength={100} autoComplete="name" data-testid="payout-holder" />
        </Form.Item>
        <Form.Item name="routing_number" label={t('fields.routing_number')} extra={t('hints.routing')}>
          <Input inputMode="numeric" autoComplete="off" maxLength={11} placeholder="021000021" data-testid="payout-routing" />
        </Form.Item>
        <Form.Item name="account_number" label={t('fields.account_number')} extra={t('hints.account')}>
          <Input inputMode="numeric" autoComplete="off" maxLength={20} data-testid="payout-account" />
        </Form.Item>
      </div>
      <Form.Item name="document_upload_id" label={t('fields.document')} extra={current ? t('hints.document_keep') : t('hints.document')}>
        <DocumentField />
      </Form.Item>
      <p className="ver-hint ver-hint--secure">
        <SafetyCertificateOutlined aria-hidden="true" /> {t('payout.encrypted_note')}
      </p>
      <div className="ver-actions">
        {onCancel && (
          <Button onClick={onCancel} data-testid="payout-cancel">
            {t('common:actions.cancel')}
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="payout-submit">
          {t('actions.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** The document as a form field: its value is the id of the upload the server stored. */
function DocumentField({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const { t } = useTranslation('verification');
  const [uploaded, setUploaded] = useState<UploadResponse | null>(null);
  return (
    <div className="ver-document">
      <Uploader
        purpose="image"
        parallel={1}
        testId="payout-document-upload"
        onUploaded={(upload) => {
          setUploaded(upload);
          onChange?.(upload.id);
        }}
      />
      {uploaded && value === uploaded.id && (
        <p className="ver-uploaded" data-testid="payout-document-ready">
          <CheckCircleFilled aria-hidden="true" /> {t('document_ready')}
        </p>
      )}
    </div>
  );
}
