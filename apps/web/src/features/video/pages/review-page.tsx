import { CheckCircleFilled, EditOutlined, WarningOutlined } from '@ant-design/icons';
import { api, type VideoReview } from '@nearcast/contract';
import { Button, Form, Input, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/list-state';
import { SimpleFrame } from '../../../components/simple-frame';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { showServerError, validateWith } from '../../../lib/form-feedback';
import { useReview, useReviewDecision } from '../api/review';
import { byTargetOrder } from '../lib/platforms';
import { PlatformLabel } from '../components/platform-tag';
import './video.css';

/**
 * /review/:token (no sign-in, phone first): the merchant watches the video its studio made,
 * reads the captions, and approves it or asks for a change with a comment. The link is signed
 * and expiring; a post waiting for this approval is published only once it is given.
 */
export function ReviewPage() {
  const { t } = useTranslation('video');
  const { token = '' } = useParams();
  const review = useReview(token);
  let body;
  if (review.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (review.isError) {
    const invalid = review.error instanceof ApiError && review.error.kind === 'envelope' && review.error.code !== '500';
    body = invalid ? (
      <div className="video-review__invalid" role="alert" data-testid="review-invalid">
        <WarningOutlined className="video-review__invalid-icon" />
        <h1 className="video-review__title" data-testid="page-title">
          {t('review.invalid')}
        </h1>
        <p>{t('review.invalid_body')}</p>
      </div>
    ) : (
      <LoadFailed error={review.error} onRetry={() => void review.refetch()} testId="review-error" />
    );
  } else body = <ReviewBody token={token} review={review.data} />;
  return (
    <SimpleFrame>
      <div className="video-review" data-testid="review-page">
        {body}
      </div>
    </SimpleFrame>
  );
}

function ReviewBody({ token, review }: { token: string; review: VideoReview }) {
  const { t } = useTranslation('video');
  const [language, setLanguage] = useState(review.captions[0]?.language ?? 'en');
  const caption = review.captions.find((item) => item.language === language) ?? review.captions[0];
  return (
    <article data-testid="review-body" data-approval={review.approval}>
      <h1 className="video-review__title" data-testid="page-title">
        {review.title}
      </h1>
      <p className="video-review__intro">{t('review.intro', { merchant: review.merchant_name })}</p>
      <video className="video-player video-review__player" controls playsInline preload="metadata" poster={review.thumbnail_url ?? undefined} data-testid="review-player">
        <source src={review.video_url} type={review.mime} />
      </video>
      {review.captions.length > 1 && (
        <div className="video-review__languages" role="tablist" aria-label={t('composer.captions')}>
          {review.captions.map((item) => (
            <button
              key={item.language}
              type="button"
              role="tab"
              aria-selected={item.language === language}
              className={item.language === language ? 'video-review__language video-review__language--on' : 'video-review__language'}
              onClick={() => setLanguage(item.language)}
              data-testid={`review-language-${item.language}`}
            >
              {t(`language.${item.language}`)}
            </button>
          ))}
        </div>
      )}
      {caption && (
        <div className="video-review__caption" data-testid="review-caption" data-language={caption.language}>
          <p>{caption.caption}</p>
          {caption.hashtags.length > 0 && <p className="video-detail__hashtags">{caption.hashtags.map((tag) => `#${tag}`).join(' ')}</p>}
        </div>
      )}
      <dl className="video-review__facts">
        <div>
          <dt>{t('review.platforms')}</dt>
          <dd className="video-review__platforms">
            {byTargetOrder(review.platforms, (item) => item.platform).map((item) => (
              <PlatformLabel key={`${item.platform}:${item.sandbox}`} platform={item.platform} sandbox={item.sandbox} />
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('review.when')}</dt>
          <dd>{review.scheduled_at ? formatDate(review.scheduled_at) : t('post.now')}</dd>
        </div>
      </dl>
      {review.decided || review.approval === 'approved' || review.approval === 'changes_requested' ? <Decision review={review} /> : <DecisionForm token={token} />}
      <p className="video-muted video-review__foot">
        {t('review.no_sign_in')} {t('review.expires', { date: formatDate(review.expires_at) })}
      </p>
    </article>
  );
}

function Decision({ review }: { review: VideoReview }) {
  const { t } = useTranslation('video');
  const approved = review.approval === 'approved';
  return (
    <div className={approved ? 'video-review__decision' : 'video-review__decision video-review__decision--changes'} role="status" data-testid="review-decision" data-approval={review.approval}>
      {approved ? <CheckCircleFilled /> : <EditOutlined />}
      <div>
        <p className="video-review__decision-title">{approved ? t('review.approved') : t('review.changes_sent')}</p>
        {review.approval_comment && <p className="video-review__decision-comment">“{review.approval_comment}”</p>}
      </div>
    </div>
  );
}

function DecisionForm({ token }: { token: string }) {
  const { t } = useTranslation('video');
  const [form] = Form.useForm<{ comment?: string }>();
  const [mode, setMode] = useState<'approve' | 'changes'>('approve');
  const { approve, changes, refresh } = useReviewDecision(token);
  const busy = approve.isPending || changes.isPending;

  // A second decision (another tab, a double tap) answers 409: the page then shows the one that counts.
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === '409') void refresh();
    else showServerError(form, error);
  };
  const send = (values: { comment?: string }) => {
    if (mode === 'approve') {
      approve.mutate({ token, comment: values.comment ?? '' }, { onError: failed });
      return;
    }
    const body = validateWith(api.video.reviewChanges.request, { token, comment: values.comment ?? '' }, form);
    if (body) changes.mutate(body, { onError: failed });
  };

  return (
    <Form form={form} layout="vertical" onFinish={send} className="video-review__form" requiredMark={false}>
      <div className="video-review__modes" role="radiogroup" aria-label={t('review.title')}>
        <Tag.CheckableTag checked={mode === 'approve'} onChange={() => setMode('approve')} data-testid="review-mode-approve">
          {t('review.approve')}
        </Tag.CheckableTag>
        <Tag.CheckableTag checked={mode === 'changes'} onChange={() => setMode('changes')} data-testid="review-mode-changes">
          {t('review.request_changes')}
        </Tag.CheckableTag>
      </div>
      <Form.Item name="comment" label={mode === 'approve' ? t('review.comment_optional') : t('review.comment')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} placeholder={t('review.comment_placeholder')} data-testid="review-comment" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} icon={mode === 'approve' ? <CheckCircleFilled /> : <EditOutlined />} data-testid="review-submit">
        {mode === 'approve' ? t('review.approve') : t('review.send')}
      </Button>
    </Form>
  );
}
