import type { VideoPost } from '@nearcast/contract';

/**
 * The merchant can still answer: the approval is asked for and the post has neither gone out nor
 * been cancelled (the server's own rule for /v1/video/approve and /v1/video/changes).
 */
export function awaitsApproval(post: Pick<VideoPost, 'approval' | 'released_at' | 'status'>): boolean {
  return post.approval === 'pending' && post.released_at === null && post.status !== 'cancelled';
}

/** The post a dashboard link opens (`?post=<id>`, from a notification or a mail), or none. */
export function postIdOf(params: URLSearchParams): number | null {
  const raw = params.get('post');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The same query with `?post` set to this post, or removed (the drawer closed); the rest is kept. */
export function withPost(params: URLSearchParams, id: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete('post');
  else next.set('post', String(id));
  return next;
}

/**
 * The platforms a post goes to, each marked when the sandbox stands in for it. Before release
 * only the sandbox platform itself is known to be one; a job says it for the others.
 */
export function platformsOf(post: Pick<VideoPost, 'platforms' | 'jobs'>): { platform: string; sandbox: boolean }[] {
  return post.platforms.map((platform) => ({
    platform,
    sandbox: platform === 'sandbox' || post.jobs.some((job) => job.platform === platform && job.sandbox),
  }));
}
