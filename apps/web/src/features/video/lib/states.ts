import type { PublishJobState, VideoPost } from '@nearcast/contract';

export const POLL_MS = 5_000;

/** Job states that will still change on their own (the engine or the platform moves them). */
const MOVING: ReadonlySet<PublishJobState> = new Set(['queued', 'uploading', 'reviewing', 'published', 'unknown']);

/**
 * A post whose statuses will change without anyone acting: it is being published, or one of its
 * platforms has not said its last word (approved or failed). A scheduled post without jobs waits.
 */
export function isMoving(post: Pick<VideoPost, 'status' | 'jobs'>): boolean {
  if (post.status === 'cancelled' || post.status === 'draft') return false;
  return post.status === 'publishing' || post.jobs.some((job) => MOVING.has(job.state));
}
