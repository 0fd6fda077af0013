import { PlayCircleOutlined } from '@ant-design/icons';
import type { MonthlyReportVideo } from '@nearcast/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatCount, formatMetric } from '../lib/report-view';
import { usePlatformName } from './platform-table';

/**
 * A video's cover, or (none, or a signed link that no longer loads) a drawn stand-in of the
 * same 9:16 shape, so the list never shows a broken image or a hole.
 */
function Cover({ url }: { url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img className="report-cover" src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(url)} />;
  }
  return (
    <span className="report-cover report-cover--none" aria-hidden="true" data-testid="report-cover-placeholder">
      <PlayCircleOutlined />
    </span>
  );
}

/**
 * A list of the month's videos (up to five), each with its cover: by the plays they gained, or by
 * the link visits they brought. Their visits and redemptions show where the report counted them.
 */
export function TopVideos({ videos, emptyText, testId = 'report-top' }: { videos: MonthlyReportVideo[]; emptyText?: string; testId?: string }) {
  const { t } = useTranslation('report');
  const language = currentLanguage();
  const nameOf = usePlatformName();
  const na = t('figures.not_available');

  if (videos.length === 0) {
    return (
      <p className="report-muted" data-testid={`${testId}-empty`}>
        {emptyText ?? t('top.empty')}
      </p>
    );
  }

  return (
    <ol className="report-top" data-testid={testId}>
      {videos.map((video, index) => (
        <li key={video.post_id} className="report-top__item" data-testid={`${testId}-video`}>
          <span className="report-top__rank" aria-hidden="true">
            {index + 1}
          </span>
          <Cover url={video.cover_url} />
          <div className="report-top__text">
            <span className="report-top__title" title={video.title || undefined}>
              {video.title || t('top.untitled')}
            </span>
            {video.platforms.length > 0 && <span className="report-top__platforms">{video.platforms.map(nameOf).join(' · ')}</span>}
          </div>
          <dl className="report-top__facts">
            <div>
              <dt>{t('figures.plays')}</dt>
              <dd>{formatCount(video.plays, language)}</dd>
            </div>
            <div>
              <dt>{t('figures.likes')}</dt>
              <dd className={video.likes === null ? 'report-na' : undefined}>{formatMetric(video.likes, language, na)}</dd>
            </div>
            {video.visits !== null && (
              <div>
                <dt>{t('top.visits')}</dt>
                <dd data-testid={`${testId}-visits`}>{formatCount(video.visits, language)}</dd>
              </div>
            )}
            {video.redemptions !== null && (
              <div>
                <dt>{t('top.redemptions')}</dt>
                <dd>{formatCount(video.redemptions, language)}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
