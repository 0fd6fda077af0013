import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for content bodies (docs/decisions/030). Everything not named here is
 * dropped: scripts, styles sheets, forms, objects, SVG and MathML, every `on*` handler, and
 * every URL whose scheme is not http(s) (or mailto for links). The only frames kept are the
 * embed players of YouTube and Vimeo, which is what "embedded video" in the editor produces.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'mark', 'sub', 'sup',
  'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'code', 'pre', 'hr', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'div', 'span', 'iframe',
];

/** Hosts and paths of the video players we embed; anything else in an iframe is dropped. */
const EMBEDS: readonly { hosts: readonly string[]; path: RegExp }[] = [
  { hosts: ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com'], path: /^\/embed\/[A-Za-z0-9_-]{6,20}$/ },
  { hosts: ['player.vimeo.com'], path: /^\/video\/\d{1,12}$/ },
];

/** Where an allowed embed may come from, for the Content-Security-Policy's frame-src. */
export const EMBED_ORIGINS = EMBEDS.flatMap((embed) => embed.hosts.map((host) => `https://${host}`));

export function isAllowedEmbed(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return EMBEDS.some((embed) => embed.hosts.includes(url.hostname) && embed.path.test(url.pathname));
}

const UPLOAD_ID = /^[1-9]\d{0,9}$/;
/**
 * Links: absolute http(s) and mailto, a path on this site, or an anchor. Anything else (a
 * relative path that a stray quote or backtick began) is dropped before the scheme check.
 */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?![/\\])|#)/i;
/** Images come from absolute http(s) URLs or from our uploads (by id). */
const SAFE_SRC = /^https?:\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-upload-id'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen'],
    div: ['data-youtube-video', 'data-video-embed'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  // Only the editor's text alignment survives in a style attribute.
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBEDS.flatMap((embed) => embed.hosts),
  allowIframeRelativeUrls: false,
  // Dropped with everything inside them, not just unwrapped: their text is code, not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'noembed', 'noframes', 'plaintext'],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: true,
  transformTags: {
    // A link leaves the site without handing it the page (reverse tabnabbing) or our ranking.
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(href !== undefined && SAFE_HREF.test(href) ? { href } : {}),
        ...(attribs.target ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.src ? { src: attribs.src } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        width: /^\d{1,4}$/.test(attribs.width ?? '') ? attribs.width! : '640',
        height: /^\d{1,4}$/.test(attribs.height ?? '') ? attribs.height! : '360',
        allowfullscreen: 'true',
      },
    }),
    img: (tagName, attribs) => {
      const { 'data-upload-id': uploadId, ...rest } = attribs;
      // An uploaded image keeps only its upload id: its signed URL expires, so every read signs
      // a fresh one (ContentService). A bad id makes it an ordinary image.
      if (uploadId !== undefined && UPLOAD_ID.test(uploadId)) {
        const { src: _src, ...others } = rest;
        return { tagName, attribs: { ...others, 'data-upload-id': uploadId } };
      }
      const { src, ...others } = rest;
      return { tagName, attribs: src !== undefined && SAFE_SRC.test(src) ? { src, ...others } : others };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'iframe') return !isAllowedEmbed(frame.attribs.src ?? '');
    if (frame.tag === 'img') return !frame.attribs.src && !frame.attribs['data-upload-id'];
    return false;
  },
};

export interface SanitizedBody {
  html: string;
  /** Uploads the body's images refer to, in order of appearance, each once. */
  uploadIds: number[];
}

/** Sanitizes a body with the allow-list; the result is what gets stored and served. */
export function sanitizeBody(input: string): SanitizedBody {
  const html = sanitizeHtml(input, OPTIONS).trim();
  const uploadIds = [...new Set([...html.matchAll(/data-upload-id="(\d+)"/g)].map((match) => Number(match[1])))];
  return { html, uploadIds };
}

/**
 * Fills the `src` of uploaded images with URLs from `urlOf` (signed for this read). An image
 * whose file is unknown keeps no `src` and draws nothing, rather than a broken link.
 */
export function withImageUrls(html: string, urlOf: (uploadId: number) => string | undefined): string {
  return html.replace(/<img([^>]*?) data-upload-id="(\d+)"([^>]*)>/g, (whole, before: string, id: string, after: string) => {
    const url = urlOf(Number(id));
    if (!url) return whole;
    return `<img${before} src="${escapeAttribute(url)}" data-upload-id="${id}"${after}>`;
  });
}

/** The plain text of a body, for a description when the item has no excerpt. */
export function textOf(html: string, max: number): string {
  const text = sanitizeHtml(html.replace(/</g, ' <'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
}
