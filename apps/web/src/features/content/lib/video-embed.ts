/**
 * A video pasted into an article: a YouTube or Vimeo page address becomes that host's embed
 * address. Only these hosts: the server's sanitizer removes every other iframe, so accepting
 * another host here would show the author a video the readers never see.
 */
export function embedUrlOf(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const youtubeId = (id: string | null | undefined) => (id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null);
  if (host === 'youtu.be') return youtubeId(url.pathname.split('/')[1]);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') return youtubeId(url.searchParams.get('v'));
    const [, kind, id] = url.pathname.split('/');
    if (kind === 'embed' || kind === 'shorts' || kind === 'live') return youtubeId(id);
    return null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.split('/').filter(Boolean).find((part) => /^\d{4,12}$/.test(part));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}
