import fs from 'node:fs/promises';
import path from 'node:path';
import { INT32_MAX, type ContentItem, type Language } from '@nearcast/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import { calendarFile } from './ics.js';
import { escapeAttribute, textOf } from './sanitize.js';

const SITE_NAME = 'Nearcast';
const DESCRIPTION_MAX = 200;
/** Used when the server runs without the web build (API only): previews still work. */
const FALLBACK_SHELL =
  '<!doctype html><html lang="en-US"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Nearcast</title></head><body><div id="root"></div></body></html>';
const OG_LOCALE: Record<Language, string> = { 'en-US': 'en_US', 'zh-CN': 'zh_CN', 'es-ES': 'es_ES' };

function parseId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= INT32_MAX ? id : null;
}

function descriptionOf(item: ContentItem): string {
  return item.excerpt.trim() || textOf(item.body_html, DESCRIPTION_MAX) || item.title;
}

/**
 * The page's head for one item: its title, description, canonical address, translations and
 * the Open Graph and Twitter tags that link previews read. Link-preview programs do not run
 * JavaScript, so these must be in the HTML as sent.
 */
export function itemHead(item: ContentItem): string {
  const description = descriptionOf(item);
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', item.type === 'article' ? 'article' : 'website'],
    ['property', 'og:title', item.title],
    ['property', 'og:description', description],
    ['property', 'og:url', item.public_url],
    ['property', 'og:locale', OG_LOCALE[item.language]],
    ['name', 'twitter:card', item.cover_url ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', item.title],
    ['name', 'twitter:description', description],
  ];
  if (item.cover_url) {
    tags.push(['property', 'og:image', item.cover_url], ['name', 'twitter:image', item.cover_url]);
  }
  if (item.type === 'article' && item.publish_time) tags.push(['property', 'article:published_time', item.publish_time]);
  const meta = tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeAttribute(value)}" />`);
  const base = item.public_url.replace(/\/item\/\d+$/, '');
  const links = [
    `<link rel="canonical" href="${escapeAttribute(item.public_url)}" />`,
    ...item.translations.map(
      (translation) => `<link rel="alternate" hreflang="${translation.language}" href="${escapeAttribute(`${base}/item/${translation.id}`)}" />`,
    ),
  ];
  return [...meta, ...links].join('\n    ');
}

/**
 * Puts `html` where `pattern` first matches. A function replacement, never a string: in a
 * string replacement `$&`, `$\``, `$'` and `$1` are patterns, so a title containing them would
 * copy parts of the page into itself (scripts and all) instead of being written as it is.
 */
function fill(page: string, pattern: string | RegExp, html: string): string {
  return page.replace(pattern, () => html);
}

/** The SPA's shell with the item's metadata in it; `item` null gives the not-found page's head. */
export function renderItemShell(shell: string, item: ContentItem | null): string {
  if (!item) {
    return fill(shell, '</head>', '  <meta name="robots" content="noindex" />\n  </head>');
  }
  const title = `${item.title} · ${SITE_NAME}`;
  const description = escapeAttribute(descriptionOf(item));
  let page = fill(shell, /<title>[\s\S]*?<\/title>/, `<title>${escapeAttribute(title)}</title>`);
  page = fill(page, /<html lang="[^"]*"/, `<html lang="${item.language}"`);
  const describe = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
  page = describe.test(page)
    ? fill(page, describe, `<meta name="description" content="${description}" />`)
    : fill(page, '</head>', `<meta name="description" content="${description}" />\n  </head>`);
  return fill(page, '</head>', `  ${itemHead(item)}\n  </head>`);
}

/**
 * `GET /item/{id}` and `GET /item/{id}/event.ics`, served by the server itself: the public
 * item page is the SPA's shell with the item's metadata injected (a published item), or the
 * same shell answering 404 (a draft, an unpublished or a missing item: the SPA then draws
 * its not-found page, and nothing of the item is in the HTML).
 */
export async function itemPageRoutes(app: FastifyInstance): Promise<void> {
  const { content, config } = app.services;
  let shell: string | null = null;
  const loadShell = async (): Promise<string> => {
    if (shell !== null) return shell;
    for (const file of ['shell.html', 'index.html']) {
      try {
        shell = await fs.readFile(path.join(config.WEB_DIST, file), 'utf8');
        return shell;
      } catch {
        // Try the next; a build older than prerendering has no shell.html.
      }
    }
    shell = FALLBACK_SHELL;
    return shell;
  };

  const published = async (raw: string, type?: 'live') => {
    const id = parseId(raw);
    if (id === null) return null;
    try {
      return await content.publicGet(id, type);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    }
  };

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  app.get<{ Params: { id: string } }>('/item/:id', async (request, reply) => {
    const item = await published(request.params.id);
    return sendPage(reply, item ? 200 : 404, renderItemShell(await loadShell(), item));
  });

  app.get<{ Params: { id: string } }>('/item/:id/event.ics', async (request, reply) => {
    const item = await published(request.params.id, 'live');
    if (!item?.live) return sendPage(reply, 404, renderItemShell(await loadShell(), null));
    const body = calendarFile({
      uid: `live-${item.id}@${new URL(item.public_url).host}`,
      title: item.title,
      description: descriptionOf(item),
      url: item.public_url,
      start: new Date(item.live.start_time),
      durationMinutes: item.live.duration_minutes,
      stamp: new Date(item.update_time),
      location: item.live.link,
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="nearcast-live-${item.id}.ics"`)
      .header('cache-control', 'no-cache')
      .send(body);
  });
}
