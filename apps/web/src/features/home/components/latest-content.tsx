import type { ContentSummary } from '@nearcast/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, isAbort } from '../../../lib/api-client';
import { formatDay, formatDayTime, weekdayOf } from '../../../lib/date-style';
import { currentLanguage } from '../../../lib/i18n';

interface Feed {
  articles: ContentSummary[];
  live: ContentSummary[];
}

/** Runs `task` once the browser is idle after the first paint (or soon, where it cannot say). */
function afterFirstPaint(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2500 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 300);
  return () => window.clearTimeout(timer);
}

/**
 * Home's latest published articles and upcoming live events, the reader's language first
 * (the server orders them so). The prerendered landing page must stay as it was built
 * (decision 018): nothing here is drawn at build time or during hydration, the two lists are
 * asked for once the page has painted and the browser is idle, and the section sits below the
 * fold, so nothing above it moves. A failure or an empty answer leaves the section out: the
 * landing page reads complete without it.
 */
export function LatestContent() {
  const { t, i18n } = useTranslation('home');
  const [feed, setFeed] = useState<Feed | null>(null);
  const language = i18n.resolvedLanguage;

  useEffect(() => {
    const controller = new AbortController();
    const cancel = afterFirstPaint(() => {
      const reader = currentLanguage();
      const options = { toast: false, signal: controller.signal };
      // The contract's endpoint table (every schema of the API, 140 KB) arrives with this call,
      // not with the landing page: building its schemas is main-thread work a phone's first load
      // does not need.
      import('@nearcast/contract')
        .then(({ api }) =>
          Promise.all([
            call(api.content.publicList, { type: 'article', language: reader, page: 1, page_size: 3 }, options),
            call(api.content.publicList, { type: 'live', upcoming: true, language: reader, page: 1, page_size: 3 }, options),
          ]),
        )
        .then(
          ([articles, live]) => setFeed({ articles: articles.list, live: live.list }),
          (error: unknown) => {
            if (!isAbort(error)) setFeed({ articles: [], live: [] });
          },
        );
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [language]);

  if (!feed || (feed.articles.length === 0 && feed.live.length === 0)) return null;

  // Spec §9's date style, the weekday in the reader's language.
  const when = (iso: string) => `${weekdayOf(iso, language)} ${formatDayTime(iso)}`.trim();

  return (
    <section className="home-section" id="latest" aria-labelledby="latest-title" data-testid="home-latest">
      <div className="home-container">
        <header className="section-head">
          <p className="section-head__kicker">{t('feed.kicker')}</p>
          <h2 id="latest-title">{t('feed.title')}</h2>
        </header>
        <div className="latest">
          {feed.live.length > 0 && (
            <div className="latest__group">
              <h3 className="latest__heading">{t('feed.live')}</h3>
              <ul className="latest__list">
                {feed.live.map((item) => (
                  <li key={item.id}>
                    <Link to={`/item/${item.id}`} className="latest-card latest-card--live" lang={item.language} data-testid="home-live-item">
                      <span className="latest-card__when">
                        {item.live?.time_status === 'live' ? t('feed.live_now') : item.live ? t('feed.starts', { time: when(item.live.start_time) }) : null}
                      </span>
                      <span className="latest-card__title">{item.title}</span>
                      {item.excerpt && <span className="latest-card__excerpt">{item.excerpt}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {feed.articles.length > 0 && (
            <div className="latest__group">
              <h3 className="latest__heading">{t('feed.articles')}</h3>
              <ul className="latest__list">
                {feed.articles.map((item) => (
                  <li key={item.id}>
                    <Link to={`/item/${item.id}`} className="latest-card" lang={item.language} data-testid="home-article-item">
                      {item.cover_url && <img className="latest-card__cover" src={item.cover_url} alt="" loading="lazy" decoding="async" />}
                      <span className="latest-card__title">{item.title}</span>
                      {item.excerpt && <span className="latest-card__excerpt">{item.excerpt}</span>}
                      {item.publish_time && <span className="latest-card__when">{formatDay(item.publish_time)}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
