import { VIDEO_METRICS, VIDEO_RANGES, type VideoRange } from '@nearcast/contract';
import { Card, Segmented, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/list-state';
import { StatTiles } from '../../../components/stat-tiles';
import { currentLanguage } from '../../../lib/i18n';
import { retryImport } from '../../../lib/lazy-with-retry';
import { useVideoStats, type StatsQuery } from '../api/post-stats';
import { formatMetric } from '../lib/metrics';
import { byTargetOrder } from '../lib/platforms';
import { toPlaysPoints } from '../lib/series';
import { PlatformLabel } from './platform-tag';
import './stats-section.css';

// recharts arrives with the first chart drawn, never with the page shell.
const PlaysChart = lazy(retryImport(() => import('./plays-chart').then((module) => ({ default: module.PlaysChart }))));

/**
 * Totals and their trend over the spec's ranges (all, last 7 days, last 30 days), per platform:
 * of everything in scope, of one merchant, or of one post. A metric no platform gives reads "n/a".
 */
export function StatsSection({
  query,
  range,
  onRangeChange,
  testId = 'video-stats',
  compact = false,
  version,
}: {
  query: Omit<StatsQuery, 'range'>;
  range: VideoRange;
  onRangeChange: (range: VideoRange) => void;
  testId?: string;
  compact?: boolean;
  /** Changes when new numbers exist (a post's latest snapshot time): the section reads them then. */
  version?: string | null;
}) {
  const { t } = useTranslation('video');
  const language = currentLanguage();
  const stats = useVideoStats({ ...query, range }, true, version);
  const data = stats.data;
  const na = t('metric.not_available');
  const tiles = [
    ...(query.post_id ? [] : [{ key: 'videos', label: t('stats.posts'), value: data ? formatMetric(data.videos, language, na) : '—' }]),
    ...VIDEO_METRICS.map((metric) => ({ key: metric, label: t(`metric.${metric}`), value: data ? formatMetric(data.totals[metric], language, na) : '—', accent: metric === 'plays' })),
  ];
  const platforms = data ? byTargetOrder(data.platforms, (platform) => platform.platform) : [];
  const points = toPlaysPoints(platforms);
  return (
    <section className="video-stats" data-testid={testId}>
      <div className="video-stats__bar">
        <h2 className="video-section-title">{t('stats.trend')}</h2>
        <Segmented<VideoRange>
          value={range}
          onChange={onRangeChange}
          options={VIDEO_RANGES.map((value) => ({ value, label: t(`range.${value}`) }))}
          aria-label={t('filters.range')}
          size={compact ? 'small' : 'middle'}
          data-testid={`${testId}-range`}
        />
      </div>
      {stats.isError ? (
        <InlineLoadFailed onRetry={() => void stats.refetch()} retryTestId={`${testId}-retry`} />
      ) : (
        <>
          <StatTiles tiles={tiles} loading={stats.isPending} testId={`${testId}-tiles`} />
          <Card size="small" className="video-stats__chart">
            {stats.isPending ? (
              <Skeleton.Node active className="video-chart-skeleton" />
            ) : points.length === 0 ? (
              <p className="video-muted video-stats__empty" data-testid={`${testId}-empty`}>
                {t('detail.stats_empty')}
              </p>
            ) : (
              <Suspense fallback={<Skeleton.Node active className="video-chart-skeleton" />}>
                <PlaysChart points={points} platforms={platforms.map((platform) => platform.platform)} height={compact ? 200 : 260} />
              </Suspense>
            )}
          </Card>
          {!compact && platforms.length > 0 && (
            <div className="video-stats__platforms" data-testid={`${testId}-platforms`}>
              <h3 className="video-section-subtitle">{t('stats.by_platform')}</h3>
              <ul>
                {platforms.map((platform) => (
                  <li key={`${platform.platform}:${platform.sandbox}`} className="video-stats__platform" data-platform={platform.platform}>
                    <PlatformLabel platform={platform.platform} sandbox={platform.sandbox} />
                    <span className="video-stats__platform-nums">
                      {VIDEO_METRICS.map((metric) => (
                        <span key={metric} title={t(`metric.${metric}`)}>
                          <span className="video-muted">{t(`metric.${metric}`)}</span> {formatMetric(platform.metrics[metric], language, na)}
                        </span>
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
