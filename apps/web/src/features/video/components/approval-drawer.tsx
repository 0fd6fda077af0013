import { EyeInvisibleOutlined } from '@ant-design/icons';
import { api, type VideoPost } from '@nearcast/contract';
import { Alert, Button, Drawer, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { ApiError } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/query-keys';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useApprovePost } from '../api/approve-post';
import { usePost } from '../api/get-post';
import { useRequestPostChanges } from '../api/request-post-changes';
import { awaitsApproval, platformsOf } from '../lib/approval';
import { DecisionForm, DecisionStatus } from './decision-form';
import { CaptionTabs, ReviewFacts } from './review-parts';
import { ApprovalTag, PostStatusTag } from './status-tags';
import { VideoPlayer } from './video-player';
import './post-detail.css';
import './review-parts.css';

/**
 * The merchant's own post, opened from its dashboard (the approvals panel, or `?post=<id>` from a
 * notification or a mail): what the review page shows, answered signed in. A post that no longer
 * waits opens read-only with where it stands.
 */
export function ApprovalDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('video');
  const isPhone = useMediaQuery(PHONE_QUERY);
  // The post stays on screen while the drawer slides away, instead of a skeleton.
  const [last, setLast] = useState(id);
  if (id !== null && id !== last) setLast(id);
  const post = usePost(id ?? last);
  const data = post.data;
  let body;
  if (post.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (post.isError) body = isNotFound(post.error) ? <NotAvailable onClose={onClose} /> : <LoadFailed error={post.error} onRetry={() => void post.refetch()} testId="approval-error" />;
  else body = <ApprovalDetail key={post.data.id} post={post.data} />;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={data && !post.isError ? data.title : t('approvals.drawer_title')}
      size={isPhone ? '100%' : 720}
      className="video-drawer video-approval-drawer"
      data-testid="approval-drawer"
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}

/** Another merchant's post, or one that is gone, answers 404: nothing to retry. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'envelope' && error.code === '404';
}

function NotAvailable({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('video');
  return (
    <div className="nc-state" role="status" data-testid="approval-not-found">
      <EyeInvisibleOutlined className="nc-state__icon" />
      <p className="nc-state__title">{t('approvals.not_found')}</p>
      <p className="nc-state__body">{t('approvals.not_found_body')}</p>
      <Button onClick={onClose} data-testid="approval-not-found-close">
        {t('approvals.close')}
      </Button>
    </div>
  );
}

function ApprovalDetail({ post }: { post: VideoPost }) {
  const { t } = useTranslation('video');
  const queryClient = useQueryClient();
  const approve = useApprovePost();
  const changes = useRequestPostChanges();
  const [answeredElsewhere, setAnsweredElsewhere] = useState(false);
  const waiting = awaitsApproval(post);
  const answered = post.approval === 'approved' || post.approval === 'changes_requested';

  const conflict = () => {
    setAnsweredElsewhere(true);
    void queryClient.invalidateQueries({ queryKey: endpointKey(api.video.get, { id: post.id }) });
    void queryClient.invalidateQueries({ queryKey: endpointKey(api.video.list) });
  };

  return (
    <article className="video-approval" data-testid="approval-detail" data-approval={post.approval} data-status={post.status} data-waiting={waiting}>
      <p className="video-review__intro">{t(waiting ? 'approvals.intro' : 'approvals.intro_read_only')}</p>
      <div className="video-detail__top">
        <VideoPlayer postId={post.id} />
        <div className="video-approval__side">
          <CaptionTabs captions={post.captions} />
          <ReviewFacts platforms={platformsOf(post)} scheduledAt={post.scheduled_at} unscheduled={waiting ? t('approvals.goes_out_on_approval') : undefined}>
            <div>
              <dt>{t('post.fields.status')}</dt>
              <dd className="video-approval__status">
                <PostStatusTag status={post.status} />
                <ApprovalTag approval={post.approval} />
              </dd>
            </div>
          </ReviewFacts>
          {answeredElsewhere && !waiting && <Alert className="video-approval__notice" type="info" showIcon title={t('approvals.answered_elsewhere')} data-testid="approval-answered-elsewhere" />}
          {waiting ? (
            <DecisionForm
              requests={{ approve: api.video.approve.request, changes: api.video.changes.request }}
              bodyOf={(comment) => ({ id: post.id, comment })}
              approve={approve.mutateAsync}
              requestChanges={changes.mutateAsync}
              busy={approve.isPending || changes.isPending}
              onConflict={conflict}
            />
          ) : answered ? (
            <DecisionStatus approval={post.approval} comment={post.approval_comment} at={post.approval_at} />
          ) : (
            <p className="video-muted" data-testid="approval-not-waiting">
              {t('approvals.not_waiting')}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
