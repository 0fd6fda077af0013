import { type ContentItem, isLanguage } from '@nearcast/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RichBody } from '../../../components/rich-body';
import { SimpleFrame } from '../../../components/simple-frame';
import { StatusResult } from '../../../components/status-result';
import { ApiError, isAbort } from '../../../lib/api-client';
import { formatDay } from '../../../lib/date-style';
import { getPublicItem } from '../api/get-public-item';
import { LiveBox } from '../components/live-box';
import '../item.css';

type State = { kind: 'loading' } | { kind: 'ready'; item: ContentItem } | { kind: 'missing' } | { kind: 'failed'; reason: string };

const isSitePath = (link: string) => /^\/(?![/\\])/.test(link);

/**
 * /item/{id} (spec §2, public): a published article, live event or landing page for anyone.
 * Drawn without antd and without the query client, like the landing page, so a phone on a slow
 * network reads it soon after the HTML (whose title and Open Graph tags the server has already
 * filled). A draft, unpublished or unknown item is the not-found page.
 */
export function ItemPage() {
  const { t, i18n } = useTranslation('item');
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const [state, setState] = useState<State>(valid ? { kind: 'loading' } : { kind: 'missing' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!valid) {
      setState({ kind: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getPublicItem(id, controller.signal).then(
      (item) => setState({ kind: 'ready', item }),
      (error: unknown) => {
        if (isAbort(error)) return;
        if (error instanceof ApiError && error.code === '404') setState({ kind: 'missing' });
        else setState({ kind: 'failed', reason: error instanceof ApiError && error.kind === 'envelope' ? error.msg : '' });
      },
    );
    return () => controller.abort();
  }, [id, valid, attempt]);

  // The server put the item's title in the HTML; keep it once the app has drawn the page.
  const itemTitle = state.kind === 'ready' ? state.item.title : null;
  useEffect(() => {
    if (itemTitle) document.title = `${itemTitle} · ${t('common:brand.name')}`;
  }, [itemTitle, t, i18n.resolvedLanguage]);

  if (state.kind === 'missing') {
    return (
      <SimpleFrame>
        <StatusResult
          code="404"
          title={t('common:routes.notFound')}
          body={t('common:not_found.body')}
          actions={
            <Link to="/" className="nc-btn nc-btn--primary nc-btn--lg" data-testid="go-home">
              {t('common:actions.go_home')}
            </Link>
          }
        />
      </SimpleFrame>
    );
  }

  const plans = (
    <Link to="/plans" className="nc-btn nc-btn--ghost nc-btn--sm item-bar-plans">
      {t('plans')}
    </Link>
  );

  if (state.kind === 'loading') {
    return (
      <SimpleFrame actions={plans}>
        <div className="item-page item-page--loading" aria-busy="true" data-testid="item-loading">
          <div className="nc-shimmer item-shimmer-cover" />
          <div className="nc-shimmer nc-shimmer--title" />
          <div className="nc-shimmer" />
          <div className="nc-shimmer nc-shimmer--short" />
        </div>
      </SimpleFrame>
    );
  }

  if (state.kind === 'failed') {
    return (
      <SimpleFrame actions={plans}>
        <section className="nc-status" role="alert" data-testid="item-failed">
          <h1 className="nc-status__title">{t('common:states.load_failed')}</h1>
          {state.reason && <p className="nc-status__body">{state.reason}</p>}
          <div className="nc-status__actions">
            <button type="button" className="nc-btn nc-btn--primary" onClick={() => setAttempt((n) => n + 1)} data-testid="item-retry">
              {t('common:actions.retry')}
            </button>
          </div>
        </section>
      </SimpleFrame>
    );
  }

  const { item } = state;
  const reader = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : null;
  const inReaderLanguage = reader && reader !== item.language ? item.translations.find((translation) => translation.language === reader) : undefined;
  const date = item.publish_time ? formatDay(item.publish_time) : null;
  const cta = item.link || '/plans';

  return (
    <SimpleFrame actions={plans}>
      <article className="item-page" lang={item.language} data-testid="item-page" data-type={item.type}>
        {inReaderLanguage && (
          <p className="item-offer" lang={reader ?? undefined} data-testid="item-offer">
            {t('offer')}{' '}
            <Link to={`/item/${inReaderLanguage.id}`} data-testid="item-offer-link">
              {inReaderLanguage.title}
            </Link>
          </p>
        )}
        {item.cover_url && <img className="item-cover" src={item.cover_url} alt="" fetchPriority="high" data-testid="item-cover" />}
        <p className="item-kicker" lang={reader ?? undefined}>
          {t(`type.${item.type}`)}
          {item.tags.length > 0 && <span className="item-tags"> · {item.tags.map((tag) => `#${tag}`).join(' ')}</span>}
        </p>
        <h1 className="item-title" data-testid="page-title">
          {item.title}
        </h1>
        {item.excerpt && <p className="item-excerpt">{item.excerpt}</p>}
        <p className="item-meta" lang={reader ?? undefined}>
          {t('by', { name: item.author.name })}
          {date && <> · <time dateTime={item.publish_time ?? undefined}>{date}</time></>}
        </p>
        {item.live && <LiveBox id={item.id} live={item.live} />}
        {item.video_url && <video className="item-video" src={item.video_url} controls preload="metadata" playsInline data-testid="item-video" />}
        <RichBody html={item.body_html} testId="item-body" />
        {item.type === 'landing' && (
          <div className="item-cta" lang={reader ?? undefined} data-testid="item-cta">
            <p className="item-cta__text">{t('cta_text')}</p>
            {isSitePath(cta) ? (
              <Link to={cta} className="nc-btn nc-btn--primary nc-btn--lg" data-testid="item-cta-link">
                {t('cta')}
              </Link>
            ) : (
              <a href={cta} className="nc-btn nc-btn--primary nc-btn--lg" rel="noopener" data-testid="item-cta-link">
                {t('cta')}
              </a>
            )}
          </div>
        )}
        {item.translations.length > 0 && (
          <nav className="item-translations" aria-label={t('translations')} lang={reader ?? undefined} data-testid="item-translations">
            <span>{t('translations')}</span>
            <ul>
              {item.translations.map((translation) => (
                <li key={translation.id}>
                  <Link to={`/item/${translation.id}`} hrefLang={translation.language} data-testid={`item-translation-${translation.language}`}>
                    {t(`common:language.${translation.language}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <footer className="item-footer" lang={reader ?? undefined}>
          <Link to="/">{t('home')}</Link>
          <Link to="/plans">{t('plans')}</Link>
        </footer>
      </article>
    </SimpleFrame>
  );
}
