import { SendOutlined, StopOutlined } from '@ant-design/icons';
import type { VideoPost, VideoRange } from '@nearcast/contract';
import { Alert, Button, Descriptions, Drawer, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { LoadFailed } from '../../../components/list-state';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { usePost } from '../api/get-post';
import { useCancelPost } from '../api/post-actions';
import { useCreateReviewLink } from '../api/review-link';
import { JobList } from './job-list';
import { PlatformLabel } from './platform-tag';
import { RedeemButton } from './redeem-button';
import { ReviewLinkModal, type ApprovalRequest } from './review-link-modal';
import { StatsSection } from './stats-section';
import { ApprovalTag, PostStatusTag } from './status-tags';
import { VideoPlayer } from './video-player';
import './post-detail.css';

/** A post's page: its player, its captions, each platform's status and its statistics chart. */
export function PostDrawer({ id, onClose, canAct }: { id: number | null; onClose: () => void; canAct: boolean }) {
  const { t } = useTranslation('video');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const post = usePost(id);
  const data = post.data;
  let body;
  if (post.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (post.isError) body = <LoadFailed error={post.error} onRetry={() => void post.refetch()} testId="video-post-error" />;
  else if (data) body = <PostDetail post={data} canAct={canAct} />;
  return (
    <Drawer open={id !== null} onClose={onClose} title={data?.title ?? t('detail.title')} size={isPhone ? '100%' : 720} className="video-drawer" data-testid="video-post-drawer" destroyOnHidden>
      {body}
    </Drawer>
  );
}

function PostDetail({ post, canAct }: { post: VideoPost; canAct: boolean }) {
  const { t } = useTranslation('video');
  const [range, setRange] = useState<VideoRange>('all');
  const [link, setLink] = useState<ApprovalRequest | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const reviewLink = useCreateReviewLink();
  const cancel = useCancelPost();
  const unreleased = post.status === 'draft' || post.status === 'scheduled';
  const wantsApproval = post.approval === 'pending' || post.approval === 'changes_requested';

  return (
    <div className="video-detail" data-testid="video-post-detail" data-status={post.status} data-approval={post.approval}>
      <div className="video-detail__top">
        <VideoPlayer postId={post.id} />
        <div className="video-detail__meta">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('post.fields.merchant')}>{post.merchant_name}</Descriptions.Item>
            <Descriptions.Item label={t('post.fields.status')}>
              <PostStatusTag status={post.status} />
              <ApprovalTag approval={post.approval} />
            </Descriptions.Item>
            <Descriptions.Item label={t('post.fields.schedule')}>{post.scheduled_at ? formatDate(post.scheduled_at) : t('post.now')}</Descriptions.Item>
            <Descriptions.Item label={t('post.fields.created')}>{formatDate(post.create_time)}</Descriptions.Item>
          </Descriptions>
          {post.approval_comment && (
            <Alert
              type={post.approval === 'changes_requested' ? 'warning' : 'info'}
              showIcon
              title={t('detail.comment')}
              description={post.approval_comment}
              data-testid="video-approval-comment"
            />
          )}
          {canAct && (
            <div className="video-detail__actions">
              {wantsApproval && unreleased && (
                // The request reaches the merchant by notification and mail; the link it answers with is for other ways.
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  loading={reviewLink.isPending}
                  onClick={() => reviewLink.mutate({ id: post.id, hours: 72 }, { onSuccess: (answer) => setLink({ ...answer, merchant: post.merchant_name }) })}
                  data-testid="video-ask-approval"
                >
                  {t('review_link.create')}
                </Button>
              )}
              {unreleased && (
                <Button danger icon={<StopOutlined />} onClick={() =>
                    confirm({
                      title: t('detail.cancel_confirm', { title: post.title }),
                      okText: t('detail.cancel'),
                      danger: true,
                      onOk: () => cancel.mutateAsync(post.id).then(() => notifySuccess(t('detail.cancelled'))),
                    })
                  } data-testid="video-cancel">
                  {t('detail.cancel')}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
      <h3 className="video-section-subtitle">{t('detail.captions')}</h3>
      <ul className="video-detail__captions" data-testid="video-captions">
        {post.captions.map((caption) => (
          <li key={caption.language} data-language={caption.language}>
            <Tag className="video-tag">{t(`language.${caption.language}`)}</Tag>
            {caption.language === post.language && <Tag color="purple" className="video-tag">{t('composer.primary')}</Tag>}
            <p className="video-detail__caption">{caption.caption || '—'}</p>
            {caption.hashtags.length > 0 && <p className="video-detail__hashtags">{caption.hashtags.map((tag) => `#${tag}`).join(' ')}</p>}
          </li>
        ))}
      </ul>
      <h3 className="video-section-subtitle">{t('detail.statuses')}</h3>
      {post.jobs.length > 0 ? (
        <JobList post={post} canAct={canAct} />
      ) : (
        <div className="video-detail__waiting" data-testid="video-waiting-platforms">
          {post.platforms.map((platform) => (
            <PlatformLabel key={platform} platform={platform} />
          ))}
          <p className="video-muted">{t(post.approval === 'pending' || post.approval === 'changes_requested' ? 'detail.waiting_approval' : 'detail.waiting_time')}</p>
        </div>
      )}
      <RedeemButton postId={post.id} />
      <StatsSection query={{ post_id: post.id }} range={range} onRangeChange={setRange} testId="video-post-stats" compact version={latestMetricsAt(post)} />
      <ReviewLinkModal link={link} onClose={() => setLink(null)} />
      {confirmDialog}
    </div>
  );
}

/** When the post's numbers were last taken on any platform (ISO strings sort as times). */
function latestMetricsAt(post: VideoPost): string | null {
  return post.jobs.reduce<string | null>((latest, job) => (job.metrics_at && (!latest || job.metrics_at > latest) ? job.metrics_at : latest), null);
}
