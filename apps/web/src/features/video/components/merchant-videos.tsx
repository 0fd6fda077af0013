import { VIDEO_METRICS, VIDEO_RANGES, type VideoRange } from '@nearcast/contract';
import { Card, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed, ListEmpty } from '../../../components/list-state';
import { StatTiles } from '../../../components/stat-tiles';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { retryImport } from '../../../lib/lazy-with-retry';
import { useMyVideos } from '../api/my-videos';
import { formatMetric } from '../lib/metrics';
import { byTargetOrder } from '../lib/platforms';
import { toPlaysPoints } from '../lib/series';
import { PlatformLabel } from './platform-tag';
import { RedeemButton } from './redeem-button';
import { JobStateTag } from './status-tags';
import '../pages/video.css';
import './posts-calendar.css';
import './stats-section.css';

const PlaysChart = lazy(retryImport(() => import('./plays-chart').then((module) => ({ default: module.PlaysChart }))));

/**
 * The merchant's own published videos and their numbers, for its dashboard: totals over the
 * spec's ranges, the plays trend per platform, and the latest videos with each platform's status.
 */
export function MerchantVideos({ pageSize = 5 }: { pageSize?: number }) {
  const { t } = useTranslation('video');
  const language = currentLanguage();
  const [range, setRange] = useState<VideoRange>('30d');
  const mine = useMyVideos({ range, page: 1, page_size: pageSize });
  const na = t('metric.not_available');
  const stats = mine.data?.stats;
  const platforms = stats ? byTargetOrder(stats.platforms, (platform) => platform.platform) : [];
  const points = toPlaysPoints(platforms);
  const tiles = [
    { key: 'videos', label: t('stats.posts'), value: stats ? formatMetric(stats.videos, language, na) : '—' },
    ...VIDEO_METRICS.map((metric) => ({ key: metric, label: t(`metric.${metric}`), value: stats ? formatMetric(stats.totals[metric], language, na) : '—', accent: metric === 'plays' })),
  ];
  return (
    <Card className="video-mine" title={t('merchant_videos.title')} data-testid="merchant-videos" extra={<Segmented<VideoRange> size="small" value={range} onChange={setRange} options={VIDEO_RANGES.map((value) => ({ value, label: t(`range.${value}`) }))} aria-label={t('filters.range')} data-testid="merchant-videos-range" />}>
      <p className="video-muted">{t('merchant_videos.subtitle')}</p>
      {mine.isError ? (
        <InlineLoadFailed onRetry={() => void mine.refetch()} retryTestId="merchant-videos-retry" />
      ) : (
        <>
          <StatTiles tiles={tiles} loading={mine.isPending} testId="merchant-videos-tiles" />
          {mine.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : mine.data.videos.list.length === 0 ? (
            <ListEmpty title={t('empty.videos')} body={t('empty.videos_body')} testId="merchant-videos-empty" />
          ) : (
            <>
              {points.length > 0 && (
                <Suspense fallback={<Skeleton.Node active className="video-chart-skeleton" />}>
                  <PlaysChart points={points} platforms={platforms.map((platform) => platform.platform)} height={200} />
                </Suspense>
              )}
              <ul className="video-mine__list">
                {mine.data.videos.list.map((post) => (
                  <li key={post.id} className="video-mine__item" data-testid={`merchant-video-${post.id}`}>
                    {post.thumbnail_url ? <img className="video-row__thumb" src={post.thumbnail_url} alt="" loading="lazy" /> : <span className="video-row__thumb" aria-hidden="true" />}
                    <div className="video-mine__text">
                      <span className="video-row__title" title={post.title}>{post.title}</span>
                      <span className="video-muted">{formatDate(post.released_at ?? post.create_time)}</span>
                      <span className="video-mine__jobs">
                        {byTargetOrder(post.jobs, (job) => job.platform).map((job) => (
                          <span key={job.id} className="video-calendar__job">
                            <PlatformLabel platform={job.platform} sandbox={job.sandbox} />
                            <JobStateTag state={job.state} reason={job.reason} />
                          </span>
                        ))}
                      </span>
                      <RedeemButton postId={post.id} />
                    </div>
                    <span className="video-num video-mine__plays" title={t('metric.plays')}>
                      {formatMetric(post.totals.plays, language, na)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
}
