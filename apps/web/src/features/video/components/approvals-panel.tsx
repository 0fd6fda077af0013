import { CheckCircleOutlined, ClockCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { VideoPost } from '@nearcast/contract';
import { Badge, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { formatDate } from '../../../lib/format-date';
import { usePosts } from '../api/list-posts';
import { awaitsApproval, platformsOf } from '../lib/approval';
import { byTargetOrder } from '../lib/platforms';
import { PlatformLabel } from './platform-tag';
import './approvals.css';

/** More than a merchant ever has waiting at once: the panel shows them all without paging. */
const PAGE_SIZE = 50;

/**
 * "Waiting for your approval", on the merchant's dashboard above its videos: each post its studio
 * asked it to approve, soonest first, with a way into the review drawer.
 */
export function ApprovalsPanel({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('video');
  const posts = usePosts({ approval: 'pending', page: 1, page_size: PAGE_SIZE, sort: 'schedule' });
  // The list's filter is the approval alone; a cancelled or released post no longer waits.
  const waiting = posts.data?.list.filter(awaitsApproval) ?? [];
  let body;
  if (posts.isPending) body = <ApprovalsSkeleton />;
  else if (posts.isError) body = <LoadFailed error={posts.error} onRetry={() => void posts.refetch()} testId="approvals-error" retryTestId="approvals-retry" />;
  else if (waiting.length === 0) body = <ApprovalsEmpty />;
  else {
    body = (
      <ul className="video-approvals__list">
        {waiting.map((post) => (
          <ApprovalCard key={post.id} post={post} onOpen={onOpen} />
        ))}
      </ul>
    );
  }
  return (
    <Card
      className={waiting.length > 0 ? 'video-approvals video-approvals--waiting' : 'video-approvals'}
      title={
        <span className="video-approvals__title">
          {t('approvals.title')}
          {waiting.length > 0 && <Badge count={waiting.length} color="#7c5cff" data-testid="approvals-count" />}
        </span>
      }
      data-testid="approvals-panel"
      data-count={posts.data ? waiting.length : undefined}
    >
      {body}
    </Card>
  );
}

function ApprovalCard({ post, onOpen }: { post: VideoPost; onOpen: (id: number) => void }) {
  const { t } = useTranslation('video');
  return (
    <li className="video-approvals__item" data-testid={`approval-${post.id}`}>
      {post.thumbnail_url ? (
        <img className="video-approvals__thumb" src={post.thumbnail_url} alt="" loading="lazy" />
      ) : (
        <span className="video-approvals__thumb video-approvals__thumb--none" aria-hidden="true">
          <PlayCircleOutlined />
        </span>
      )}
      <div className="video-approvals__text">
        <span className="video-approvals__name" title={post.title}>
          {post.title}
        </span>
        <span className="video-approvals__when">
          <ClockCircleOutlined aria-hidden="true" /> {post.scheduled_at ? t('approvals.goes_out', { date: formatDate(post.scheduled_at) }) : t('approvals.goes_out_on_approval')}
        </span>
        <span className="video-approvals__platforms">
          {byTargetOrder(platformsOf(post), (item) => item.platform).map((item) => (
            <PlatformLabel key={item.platform} platform={item.platform} sandbox={item.sandbox} />
          ))}
        </span>
      </div>
      <Button type="primary" className="video-approvals__review" onClick={() => onOpen(post.id)} aria-label={t('approvals.review_named', { title: post.title })} data-testid="approval-review">
        {t('approvals.review')}
      </Button>
    </li>
  );
}

function ApprovalsSkeleton() {
  return (
    <ul className="video-approvals__list" aria-busy="true" data-testid="approvals-loading">
      {[0, 1].map((index) => (
        <li key={index} className="video-approvals__item">
          <Skeleton.Node active className="video-approvals__thumb" />
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2, width: ['40%', '70%'] }} className="video-approvals__text" />
        </li>
      ))}
    </ul>
  );
}

function ApprovalsEmpty() {
  const { t } = useTranslation('video');
  return (
    <div className="video-approvals__empty" data-testid="approvals-empty">
      <CheckCircleOutlined className="video-approvals__empty-icon" aria-hidden="true" />
      <div>
        <p className="video-approvals__empty-title">{t('approvals.empty')}</p>
        <p className="video-muted video-approvals__empty-body">{t('approvals.empty_body')}</p>
      </div>
    </div>
  );
}
