import { WarningOutlined } from '@ant-design/icons';
import { api, type VideoReview } from '@nearcast/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/list-state';
import { SimpleFrame } from '../../../components/simple-frame';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useReview, useReviewDecision } from '../api/review';
import { DecisionForm, DecisionStatus } from '../components/decision-form';
import { CaptionTabs, ReviewFacts } from '../components/review-parts';
import { PlayerView } from '../components/video-player';
import './video.css';
import '../components/review-parts.css';

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
    // Only an unknown link (404) or an expired one (422) is dead; a busy server (429, 503) or
    // an outage is worth another try.
    const invalid = review.error instanceof ApiError && review.error.kind === 'envelope' && (review.error.code === '404' || review.error.code === '422');
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
  const { approve, changes, refresh } = useReviewDecision(token);
  const answered = review.decided || review.approval === 'approved' || review.approval === 'changes_requested';
  return (
    <article data-testid="review-body" data-approval={review.approval}>
      <h1 className="video-review__title" data-testid="page-title">
        {review.title}
      </h1>
      <p className="video-review__intro">{t('review.intro', { merchant: review.merchant_name })}</p>
      <PlayerView url={review.video_url} poster={review.thumbnail_url} className="video-review__player" testId="review-player" />
      <CaptionTabs captions={review.captions} />
      <ReviewFacts platforms={review.platforms} scheduledAt={review.scheduled_at} unscheduled={answered ? undefined : t('approvals.goes_out_on_approval')} />
      {answered ? (
        <DecisionStatus approval={review.approval} comment={review.approval_comment} />
      ) : (
        <DecisionForm
          requests={{ approve: api.video.reviewApprove.request, changes: api.video.reviewChanges.request }}
          bodyOf={(comment) => ({ token, comment })}
          approve={approve.mutateAsync}
          requestChanges={changes.mutateAsync}
          busy={approve.isPending || changes.isPending}
          // A second decision (another tab, a double tap) answers 409: the page then shows the one that counts.
          onConflict={() => void refresh()}
        />
      )}
      <p className="video-muted video-review__foot">
        {t('review.no_sign_in')} {t('review.expires', { date: formatDate(review.expires_at) })}
      </p>
    </article>
  );
}
