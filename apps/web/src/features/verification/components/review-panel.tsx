import { FileImageOutlined } from '@ant-design/icons';
import {
  CORRECTION_STATUSES,
  partyName,
  VERIFICATION_STATUSES,
  verificationRejectRequest,
  type CorrectionReviewRow,
  type CorrectionStatus,
  type VerificationReviewRow,
  type VerificationStatus,
} from '@nearcast/contract';
import { Button, Form, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FormModal } from '../../../components/form-modal';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { recheckFields, showServerError, validateWith } from '../../../lib/form-feedback';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { useApproveVerification } from '../api/approve-verification';
import { useCorrections } from '../api/list-corrections';
import { useVerifications } from '../api/list-verifications';
import { useRejectVerification } from '../api/reject-verification';
import { useResolveCorrection } from '../api/resolve-correction';
import { CorrectionStatusTag, masked, VerificationStatusTag } from './status-tag';

/** Where the line wraps, a masked number's dots stay with its digits. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** Staff: the payout verifications to review and the merchants' correction requests. */
export function ReviewPanel() {
  const { t } = useTranslation('verification');
  return (
    <Tabs
      className="ver-tabs"
      items={[
        { key: 'payout', label: t('review.tab_payout'), children: <VerificationQueue /> },
        { key: 'corrections', label: t('review.tab_corrections'), children: <CorrectionQueue /> },
      ]}
    />
  );
}

function VerificationQueue() {
  const { t } = useTranslation('verification');
  const [status, setStatus] = useState<VerificationStatus | undefined>('pending');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const queueView = status === 'pending' && !keyword;
  const list = useVerifications({ page: paging.page, page_size: paging.size, ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) });
  const approve = useApproveVerification();
  const [confirm, confirmElement] = useConfirm();
  const [rejecting, setRejecting] = useState<VerificationReviewRow | null>(null);

  const columns: DataColumn<VerificationReviewRow>[] = [
    {
      key: 'party',
      title: t('review.columns.party'),
      width: 200,
      phone: 'title',
      render: (_, row) => (
        <div className="ver-party">
          <span>{partyName({ company_short_name: row.company_short_name, name: row.account_name, email: row.account_email })}</span>
          <span className="ver-dim">
            {t(`common:roles.${row.role}`)} · {row.account_email}
          </span>
        </div>
      ),
    },
    { key: 'status', title: t('review.columns.status'), width: 110, phone: 'status', render: (_, row) => <VerificationStatusTag status={row.status} /> },
    {
      key: 'legal',
      title: t('fields.legal_name'),
      width: 200,
      render: (_, row) => (
        <div className="ver-party">
          <span>{row.legal_name}</span>
          <span className="ver-dim ver-num">
            {t(`tax_kind.${row.tax_kind}`)} {masked(row.tax_last4)}
          </span>
        </div>
      ),
    },
    {
      key: 'bank',
      title: t('fields.bank'),
      width: 210,
      render: (_, row) => (
        <div className="ver-party">
          <span>{row.holder_name}</span>
          <span className="ver-dim ver-masked">{t('bank_masked', { routing: unbroken(masked(row.routing_last4)), account: unbroken(masked(row.account_last4)) })}</span>
        </div>
      ),
    },
    {
      key: 'document',
      title: t('review.columns.document'),
      width: 90,
      render: (_, row) =>
        row.document ? (
          <a href={row.document.url} target="_blank" rel="noreferrer" data-testid={`verification-document-${row.id}`}>
            <FileImageOutlined aria-hidden="true" /> {t('open_document')}
          </a>
        ) : (
          '—'
        ),
    },
    { key: 'time', title: t('fields.submitted'), width: 130, render: (_, row) => <span className="ver-nowrap">{formatDate(row.submit_time)}</span> },
    {
      key: 'actions',
      title: t('review.columns.actions'),
      width: 180,
      render: (_, row) =>
        row.status === 'pending' ? (
          <Space size={8} wrap>
            <Button
              size="small"
              type="primary"
              data-testid={`verification-approve-${row.id}`}
              onClick={() =>
                confirm({
                  title: t('review.approve_title'),
                  body: t('review.approve_body', { name: row.legal_name }),
                  okText: t('actions.approve'),
                  onOk: () => approve.mutateAsync(row.id).then(() => notifySuccess(t('review.approved'))),
                })
              }
            >
              {t('actions.approve')}
            </Button>
            <Button size="small" danger onClick={() => setRejecting(row)} data-testid={`verification-reject-${row.id}`}>
              {t('actions.reject')}
            </Button>
          </Space>
        ) : (
          <span className="ver-dim">{row.reject_reason ?? (row.review_time ? formatDate(row.review_time) : '')}</span>
        ),
    },
  ];

  return (
    <div className="ver-stack">
      <ListFilters
        testId="verification-filters"
        active={status ? 1 : 0}
        keyword={{ value: keyword, placeholder: t('review.search'), onSearch: (text) => { setKeyword(text.trim()); setPaging((p) => ({ ...p, page: 1 })); }, testId: 'verification-keyword' }}
      >
        <FilterSelect<VerificationStatus>
          label={t('review.columns.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={VERIFICATION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          data-testid="verification-status-filter"
        />
      </ListFilters>
      <div data-testid="verification-table" aria-busy={list.isFetching}>
        <DataTable<VerificationReviewRow>
          query={list}
          columns={columns}
          page={paging.page}
          pageSize={paging.size}
          onPageChange={(page, size) => setPaging({ page: size === paging.size ? page : 1, size })}
          rowTestId={(row) => `verification-row-${row.account_email}`}
          testId="verification-list"
          // The queue opens on the submissions waiting for review: empty there means nothing to
          // review, not a filter to clear.
          filtered={queueView ? false : !!status || !!keyword}
          emptyTitle={queueView ? t('review.queue_empty') : t('review.no_match')}
          emptyBody={queueView ? t('review.queue_empty_body') : undefined}
          emptyTestId="verification-empty"
          errorTitle={t('common:states.load_failed')}
        />
      </div>
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} />
      {confirmElement}
    </div>
  );
}

function RejectModal({ row, onClose }: { row: VerificationReviewRow | null; onClose: () => void }) {
  const { t } = useTranslation('verification');
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectVerification();
  const onFinish = (values: { reason: string }) => {
    if (!row) return;
    const body = validateWith(verificationRejectRequest, { id: row.id, reason: values.reason }, form);
    if (!body) return;
    reject.mutateAsync(body).then(
      () => {
        notifySuccess(t('review.rejected'));
        onClose();
      },
      (error: unknown) => showServerError(form, error, { fallback: t('submit_failed') }),
    );
  };
  return (
    <FormModal
      open={row !== null}
      title={t('review.reject_title', { name: row?.legal_name ?? '' })}
      form={form}
      onClose={onClose}
      loading={reject.isPending}
      okText={t('actions.reject')}
      submitTestId="verification-reject-submit"
      width={520}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} onValuesChange={(changed: object) => recheckFields(form, changed)} noValidate>
        <Form.Item name="reason" label={t('review.reason')} extra={t('review.reason_hint')} className="ver-counted">
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="verification-reject-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function CorrectionQueue() {
  const { t } = useTranslation('verification');
  const [status, setStatus] = useState<CorrectionStatus | undefined>('open');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const list = useCorrections({ page: paging.page, page_size: paging.size, ...(status ? { status } : {}) });
  const [resolving, setResolving] = useState<CorrectionReviewRow | null>(null);

  const columns: DataColumn<CorrectionReviewRow>[] = [
    {
      key: 'merchant',
      title: t('review.columns.merchant'),
      width: 220,
      phone: 'title',
      render: (_, row) => (
        <div className="ver-party">
          <span>{partyName({ company_short_name: row.company_short_name, name: row.account_name, email: row.account_email })}</span>
          <span className="ver-dim">{row.account_email}</span>
        </div>
      ),
    },
    { key: 'status', title: t('review.columns.status'), width: 110, phone: 'status', render: (_, row) => <CorrectionStatusTag status={row.status} /> },
    { key: 'message', title: t('review.columns.message'), width: 320, render: (_, row) => <span className="ver-message">{row.message}</span> },
    { key: 'time', title: t('review.columns.asked'), width: 150, render: (_, row) => <span className="ver-nowrap">{formatDate(row.create_time)}</span> },
    {
      key: 'actions',
      title: t('review.columns.actions'),
      width: 150,
      render: (_, row) =>
        row.status === 'open' ? (
          <Button size="small" type="primary" onClick={() => setResolving(row)} data-testid={`correction-resolve-${row.id}`}>
            {t('actions.resolve')}
          </Button>
        ) : (
          <span className="ver-dim">{row.note || (row.resolve_time ? formatDate(row.resolve_time) : '')}</span>
        ),
    },
  ];

  return (
    <div className="ver-stack">
      <ListFilters testId="correction-filters" active={status ? 1 : 0}>
        <FilterSelect<CorrectionStatus>
          label={t('review.columns.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={CORRECTION_STATUSES.map((value) => ({ value, label: t(`correction_status.${value}`) }))}
          data-testid="correction-status-filter"
        />
      </ListFilters>
      <div data-testid="correction-table" aria-busy={list.isFetching}>
        <DataTable<CorrectionReviewRow>
          query={list}
          columns={columns}
          page={paging.page}
          pageSize={paging.size}
          onPageChange={(page, size) => setPaging({ page: size === paging.size ? page : 1, size })}
          rowTestId={(row) => `correction-row-${row.id}`}
          testId="correction-list"
          filtered={status !== undefined && status !== 'open'}
          emptyTitle={status === 'open' ? t('review.corrections_empty') : t('review.no_match')}
          emptyBody={status === 'open' ? t('review.corrections_empty_body') : undefined}
          emptyTestId="correction-empty"
          errorTitle={t('common:states.load_failed')}
        />
      </div>
      <ResolveModal row={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}

function ResolveModal({ row, onClose }: { row: CorrectionReviewRow | null; onClose: () => void }) {
  const { t } = useTranslation('verification');
  const [form] = Form.useForm<{ note: string }>();
  const resolve = useResolveCorrection();
  const onFinish = (values: { note?: string }) => {
    if (!row) return;
    resolve.mutateAsync({ id: row.id, note: values.note?.trim() ?? '' }).then(
      () => {
        notifySuccess(t('review.resolved'));
        onClose();
      },
      (error: unknown) => showServerError(form, error, { fallback: t('submit_failed') }),
    );
  };
  return (
    <FormModal
      open={row !== null}
      title={t('review.resolve_title')}
      form={form}
      onClose={onClose}
      loading={resolve.isPending}
      okText={t('actions.resolve')}
      submitTestId="correction-resolve-submit"
      width={520}
    >
      {row && <p className="ver-message ver-quote">{row.message}</p>}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} noValidate>
        <Form.Item name="note" label={t('review.note')} extra={t('review.note_hint')} className="ver-counted">
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="correction-note" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
