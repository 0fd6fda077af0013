/** Signed links are replaced this long before they expire, so the page never holds a dead one. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

interface Kept {
  url: string;
  expiresAt: number;
}

const kept = new Map<string, Kept>();

const pathOf = (url: string) => url.split('?')[0];

/**
 * The link to show for one file of one material. Every answer signs its files anew (a new query
 * string each time), and an image or a player given a new `src` loads again — a playing video
 * starts over, thumbnails flicker while a list polls. So the link already in use is kept while it
 * points at the same file and stays valid, and replaced only when the file changes or the link is
 * about to expire.
 */
export function lastingUrl(key: string, url: string | null, expiresAt: string, now = Date.now()): string | null {
  if (!url) {
    kept.delete(key);
    return null;
  }
  const current = kept.get(key);
  if (current && pathOf(current.url) === pathOf(url) && current.expiresAt - now > RENEW_BEFORE_MS) return current.url;
  const expiry = Date.parse(expiresAt);
  kept.set(key, { url, expiresAt: Number.isFinite(expiry) ? expiry : now });
  return url;
}
