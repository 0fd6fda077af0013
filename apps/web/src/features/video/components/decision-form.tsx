import { CheckCircleFilled, EditOutlined } from '@ant-design/icons';
import { VIDEO_COMMENT_MAX, type VideoApproval } from '@nearcast/contract';
import { Button, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { showServerError, validateWith } from '../../../lib/form-feedback';
import './review-parts.css';

/**
 * The merchant's answer once given, wherever it is read (its review link, its dashboard): approved,
 * or a change asked for, with its own words.
 */
export function DecisionStatus({ approval, comment, at }: { approval: VideoApproval; comment: string | null; at?: string | null }) {
  const { t } = useTranslation('video');
  const approved = approval === 'approved';
  return (
    <div className={approved ? 'video-review__decision' : 'video-review__decision video-review__decision--changes'} role="status" data-testid="review-decision" data-approval={approval}>
      {approved ? <CheckCircleFilled /> : <EditOutlined />}
      <div>
        <p className="video-review__decision-title">{approved ? t('review.approved') : t('review.changes_sent')}</p>
        {comment && <p className="video-review__decision-comment">“{comment}”</p>}
        {at && <p className="video-review__decision-comment">{formatDate(at)}</p>}
      </div>
    </div>
  );
}

interface DecisionFormProps<A extends z.ZodType, C extends z.ZodType> {
  /** The contract's request schemas of the door the answer goes through (a link's token, or the post's id). */
  requests: { approve: A; changes: C };
  /** The request body around the comment. */
  bodyOf: (comment: string) => Record<string, unknown>;
  approve: (body: z.output<A>) => Promise<unknown>;
  requestChanges: (body: z.output<C>) => Promise<unknown>;
  busy: boolean;
  /** Answered elsewhere meanwhile (409: another tab, the other door): the caller shows the answer that counts. */
  onConflict: () => void;
}

/**
 * Approve (a word optional) or ask for a change (what to change required, checked with the
 * contract's schema before sending, so the message is the contract's, in the reader's language).
 */
export function DecisionForm<A extends z.ZodType, C extends z.ZodType>({ requests, bodyOf, approve, requestChanges, busy, onConflict }: DecisionFormProps<A, C>) {
  const { t } = useTranslation('video');
  const [form] = Form.useForm<{ comment?: string }>();
  const [mode, setMode] = useState<'approve' | 'changes'>('approve');

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === '409') onConflict();
    else showServerError(form, error);
  };
  const send = (values: { comment?: string }) => {
    const body = bodyOf(values.comment ?? '');
    if (mode === 'approve') {
      const checked = validateWith(requests.approve, body, form);
      if (checked) approve(checked).catch(failed);
      return;
    }
    const checked = validateWith(requests.changes, body, form);
    if (checked) requestChanges(checked).catch(failed);
  };
  const pick = (next: 'approve' | 'changes') => {
    setMode(next);
    // A "comment required" left from the other mode would be wrong here.
    form.setFields([{ name: 'comment', errors: [] }]);
  };

  return (
    <Form form={form} layout="vertical" onFinish={send} className="video-review__form" requiredMark={false} data-testid="review-form">
      <div className="video-review__modes" role="radiogroup" aria-label={t('review.title')}>
        <Tag.CheckableTag checked={mode === 'approve'} onChange={() => pick('approve')} data-testid="review-mode-approve">
          {t('review.approve')}
        </Tag.CheckableTag>
        <Tag.CheckableTag checked={mode === 'changes'} onChange={() => pick('changes')} data-testid="review-mode-changes">
          {t('review.request_changes')}
        </Tag.CheckableTag>
      </div>
      <Form.Item name="comment" label={mode === 'approve' ? t('review.comment_optional') : t('review.comment')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={VIDEO_COMMENT_MAX} placeholder={mode === 'changes' ? t('review.comment_placeholder') : undefined} data-testid="review-comment" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} icon={mode === 'approve' ? <CheckCircleFilled /> : <EditOutlined />} data-testid="review-submit">
        {mode === 'approve' ? t('review.approve') : t('review.send')}
      </Button>
    </Form>
  );
}
