import { Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { useVideoUrl } from '../api/get-video-url';
import './post-detail.css';

interface PlayerViewProps {
  url: string;
  poster?: string | null;
  className?: string;
  testId?: string;
}

/**
 * A post's video as the merchant and the studio see it (the review page, the review drawer, the
 * post drawer). A browser that cannot play the file (its codec) still gets the file itself.
 */
export function PlayerView({ url, poster, className, testId = 'video-player' }: PlayerViewProps) {
  const { t } = useTranslation('video');
  const [failed, setFailed] = useState(false);
  return (
    <div className="video-player-frame">
      <video
        // A new signature is a new source: the element starts again instead of keeping a dead one.
        key={url}
        className={className ? `video-player ${className}` : 'video-player'}
        src={url}
        controls
        playsInline
        preload="metadata"
        poster={poster ?? undefined}
        onError={() => setFailed(true)}
        onLoadedMetadata={() => setFailed(false)}
        data-testid={testId}
      />
      {failed && (
        <p className="video-muted video-player__failed" role="status" data-testid="video-player-failed">
          {t('detail.player_failed')}{' '}
          <a href={url} target="_blank" rel="noreferrer">
            {t('detail.open_file')}
          </a>
        </p>
      )}
    </div>
  );
}

/** A signed-in reader's player: the file's signed URL (/v1/base/video), renewed before it runs out. */
export function VideoPlayer({ postId }: { postId: number }) {
  const { t } = useTranslation('video');
  const source = useVideoUrl(postId);
  if (source.isPending) return <Skeleton.Node active className="video-player video-player--loading" />;
  if (source.isError) return <LoadFailed error={source.error} title={t('detail.player_failed')} onRetry={() => void source.refetch()} testId="video-player-error" />;
  return <PlayerView url={source.data.url} poster={source.data.thumbnail_url} />;
}
