import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { Footage } from '@nearcast/contract';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { lastingUrl } from '../lib/stable-urls';
import { TYPE_ICONS } from './material-tags';

/**
 * The material itself, through its signed URLs: a video in the browser's player (the
 * web-playable preview when the original is not, with the poster frame), an image in a viewer
 * that zooms, an audio clip under its waveform. While processing and after a failure it says so.
 */
export function MaterialPreview({ footage }: { footage: Footage }) {
  const { t } = useTranslation('material');
  // A refetch (after a save, or while polling) must not restart what is playing.
  const source = lastingUrl(`${footage.id}:source`, footage.preview_url ?? footage.file_url, footage.url_expires_at) ?? footage.file_url;
  const poster = lastingUrl(`${footage.id}:thumb`, footage.thumbnail_url, footage.url_expires_at);
  if (footage.status === 'processing') {
    return (
      <div className="material-preview material-preview--state" data-testid="material-preview-processing">
        <LoadingOutlined className="material-preview__icon" aria-hidden="true" />
        <p>{t('preview.processing')}</p>
      </div>
    );
  }
  if (footage.status === 'failed') {
    return (
      <div className="material-preview material-preview--state material-preview--failed" role="alert" data-testid="material-preview-failed">
        <WarningOutlined className="material-preview__icon" aria-hidden="true" />
        <p>{footage.failure_reason ?? t('preview.failed')}</p>
      </div>
    );
  }
  if (footage.type === 'video') {
    return (
      <div className="material-preview">
        <video
          className="material-preview__video"
          src={source}
          poster={poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={t('preview.video_named', { name: footage.name })}
          data-testid="material-player-video"
        />
      </div>
    );
  }
  if (footage.type === 'image') {
    return (
      <div className="material-preview" data-testid="material-viewer-image">
        <Image
          src={poster ?? source}
          alt={footage.name}
          preview={{ src: source, mask: t('preview.zoom') }}
          className="material-preview__image"
        />
      </div>
    );
  }
  const Icon = TYPE_ICONS.audio;
  return (
    <div className="material-preview material-preview--audio">
      {poster ? (
        <img className="material-preview__wave" src={poster} alt="" />
      ) : (
        <Icon className="material-preview__icon" aria-hidden="true" />
      )}
      <audio
        className="material-preview__audio"
        src={source}
        controls
        preload="metadata"
        aria-label={t('preview.audio_named', { name: footage.name })}
        data-testid="material-player-audio"
      />
    </div>
  );
}

/** The small picture of a card or a row: the thumbnail, else the type's icon (processing, failed, not yet made). */
export function MaterialThumb({ footage, size = 'card' }: { footage: Footage; size?: 'card' | 'row' }) {
  const { t } = useTranslation('material');
  const Icon = TYPE_ICONS[footage.type];
  const thumbnail = lastingUrl(`${footage.id}:thumb`, footage.thumbnail_url, footage.url_expires_at);
  return (
    <div className={`material-thumb material-thumb--${size} material-thumb--${footage.type}`}>
      {thumbnail ? (
        <img src={thumbnail} alt="" loading="lazy" data-testid="material-thumb" />
      ) : footage.status === 'processing' ? (
        <LoadingOutlined className="material-thumb__icon" aria-label={t('status.processing')} />
      ) : (
        <Icon className="material-thumb__icon" aria-hidden="true" />
      )}
    </div>
  );
}
