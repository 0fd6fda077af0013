import type { VideoPost } from '@nearcast/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { byTargetOrder } from '../lib/platforms';
import { PlatformLabel } from './platform-tag';
import './post-detail.css';
import './review-parts.css';

/**
 * What the merchant reads before answering, the same on the public review page and in the
 * review drawer of its dashboard: the captions one language at a time, where and when it goes out.
 */
export function CaptionTabs({ captions }: { captions: VideoPost['captions'] }) {
  const { t } = useTranslation('video');
  // The reader's own language first when the studio wrote one in it.
  const [language, setLanguage] = useState(() => captions.find((item) => item.language === currentLanguage().slice(0, 2))?.language ?? captions[0]?.language ?? 'en');
  const caption = captions.find((item) => item.language === language) ?? captions[0];
  return (
    <>
      {captions.length > 1 && (
        <div className="video-review__languages" role="tablist" aria-label={t('composer.captions')}>
          {captions.map((item) => (
            <button
              key={item.language}
              type="button"
              role="tab"
              aria-selected={item.language === language}
              className={item.language === language ? 'video-review__language video-review__language--on' : 'video-review__language'}
              onClick={() => setLanguage(item.language)}
              data-testid={`review-language-${item.language}`}
            >
              {t(`language.${item.language}`)}
            </button>
          ))}
        </div>
      )}
      {caption && (
        <div className="video-review__caption" data-testid="review-caption" data-language={caption.language}>
          <p>{caption.caption || '—'}</p>
          {caption.hashtags.length > 0 && <p className="video-detail__hashtags">{caption.hashtags.map((tag) => `#${tag}`).join(' ')}</p>}
        </div>
      )}
    </>
  );
}

export interface ReviewPlatform {
  platform: string;
  sandbox: boolean;
}

interface ReviewFactsProps {
  platforms: ReviewPlatform[];
  scheduledAt: string | null;
  /** What "no time set" means to this reader ("as soon as possible" unless said otherwise). */
  unscheduled?: string;
  /** Facts of the reader's own (its status). */
  children?: ReactNode;
}

/** Where and when the video goes out. */
export function ReviewFacts({ platforms, scheduledAt, unscheduled, children }: ReviewFactsProps) {
  const { t } = useTranslation('video');
  return (
    <dl className="video-review__facts" data-testid="review-facts">
      <div>
        <dt>{t('review.platforms')}</dt>
        <dd className="video-review__platforms">
          {byTargetOrder(platforms, (item) => item.platform).map((item) => (
            <PlatformLabel key={`${item.platform}:${item.sandbox}`} platform={item.platform} sandbox={item.sandbox} />
          ))}
        </dd>
      </div>
      <div>
        <dt>{t('review.when')}</dt>
        <dd>{scheduledAt ? formatDate(scheduledAt) : (unscheduled ?? t('post.now'))}</dd>
      </div>
      {children}
    </dl>
  );
}
