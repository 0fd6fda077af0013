import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { Footage } from '@nearcast/contract';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { TYPE_ICONS } from './material-tags';

/**
 * The material itself, through its signed URLs: a video in the browser's player (the
 * web-playable preview when the original is not, with the poster frame), an image in a viewer
 * that zooms, an audio clip under its waveform. While processing and after a failure it says so.
 */
export function MaterialPreview({ footage }: { footage: Footage }) {
  const { t } = useTranslation('material');
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
  const source = footage.preview_url ?? footage.file_url;
  if (footage.type === 'video') {
    return (
      <div className="material-preview">
        <video
          className="material-preview__video"
          src={source}
          poster={footage.thumbnail_url ?? undefined}
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
          src={footage.thumbnail_url ?? source}
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
      {footage.thumbnail_url ? (
        <img className="material-preview__wave" src={footage.thumbnail_url} alt="" />
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
  return (
    <div className={`material-thumb material-thumb--${size} material-thumb--${footage.type}`}>
      {footage.thumbnail_url ? (
        <img src={footage.thumbnail_url} alt="" loading="lazy" data-testid="material-thumb" />
      ) : footage.status === 'processing' ? (
        <LoadingOutlined className="material-thumb__icon" aria-label={t('status.processing')} />
      ) : (
        <Icon className="material-thumb__icon" aria-hidden="true" />
      )}
    </div>
  );
}
