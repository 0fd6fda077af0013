import type { VideoPost } from '@nearcast/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type Paged } from '../../../components/data-table';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { formatMetric } from '../lib/metrics';
import { byTargetOrder } from '../lib/platforms';
import { PlatformLabel } from './platform-tag';
import { ApprovalTag, JobStateTag, PostStatusTag } from './status-tags';

/** Scheduled and past posts with each platform's status, newest first; a row opens the post. */
export function PostsTable({
  query,
  page,
  pageSize,
  onPageChange,
  onOpen,
  filtered,
  showMerchant,
}: {
  query: UseQueryResult<Paged<VideoPost>>;
  page: number;
  pageSize: number;
  onPageChange: (page: number, size: number) => void;
  onOpen: (post: VideoPost) => void;
  filtered: boolean;
  showMerchant: boolean;
}) {
  const { t } = useTranslation('video');
  const language = currentLanguage();
  const columns: DataColumn<VideoPost>[] = [
    {
      key: 'title',
      title: t('post.fields.title'),
      width: 260,
      fixed: 'left',
      ellipsis: true,
      phone: 'title',
      render: (_, post) => (
        <div className="video-row">
          {post.thumbnail_url ? <img className="video-row__thumb" src={post.thumbnail_url} alt="" loading="lazy" /> : <span className="video-row__thumb" aria-hidden="true" />}
          <div className="video-row__text">
            <span className="video-row__title" title={post.title}>{post.title}</span>
            {showMerchant && <span className="video-row__sub">{post.merchant_name}</span>}
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('post.fields.status'),
      width: 170,
      phone: 'status',
      render: (_, post) => (
        <span className="video-tags">
          <PostStatusTag status={post.status} />
          <ApprovalTag approval={post.approval} />
        </span>
      ),
    },
    {
      key: 'platforms',
      title: t('post.fields.platforms'),
      width: 320,
      render: (_, post) => (
        <ul className="video-row__jobs">
          {byTargetOrder(post.jobs, (job) => job.platform).map((job) => (
            <li key={job.id} data-testid={`row-job-${job.platform}`} data-state={job.state}>
              <PlatformLabel platform={job.platform} sandbox={job.sandbox} />
              <JobStateTag state={job.state} reason={job.reason} />
            </li>
          ))}
          {/* Before its release a post has no jobs yet: its chosen platforms, waiting. */}
          {post.jobs.length === 0 &&
            byTargetOrder(post.platforms, (platform) => platform).map((platform) => (
              <li key={platform} data-testid={`row-platform-${platform}`}>
                <PlatformLabel platform={platform} />
              </li>
            ))}
        </ul>
      ),
    },
    { key: 'schedule', title: t('post.fields.schedule'), width: 150, render: (_, post) => (post.scheduled_at ? formatDate(post.scheduled_at) : formatDate(post.released_at ?? post.create_time)) },
    {
      key: 'plays',
      title: t('post.fields.plays'),
      width: 110,
      align: 'right',
      render: (_, post) => <span className="video-num">{formatMetric(post.totals.plays, language, t('metric.not_available'))}</span>,
    },
  ];
  return (
    <DataTable<VideoPost>
      query={query}
      columns={columns}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      rowTestId={(post) => `post-${post.id}`}
      testId="video-posts"
      emptyTitle={filtered ? t('empty.posts_filtered') : t('empty.posts')}
      emptyBody={filtered ? undefined : t('empty.posts_body')}
      filtered={filtered}
      onOpen={onOpen}
      openLabel={(post) => t('post.open', { title: post.title })}
      errorTitle={t('errors.load_posts')}
    />
  );
}
