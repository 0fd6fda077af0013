import type { Tx } from '../../db/client.js';
import type { ConnectionService } from './connection-service.js';
import type { PublishEngine } from './publish-engine.js';
import * as repo from './repository.js';

/** What releasing a post uses: the merchant's connected accounts, the engine that makes its jobs, the clock. */
export interface ReleaseDeps {
  connections: Pick<ConnectionService, 'usableAll'>;
  engine: () => Pick<PublishEngine, 'enqueue'>;
  now: () => Date;
}

/**
 * Hands a post to the engine if it is scheduled, due, approved or needing no approval, and
 * not yet released; in the caller's transaction, under the post's row lock, so a post is
 * released once however many paths reach it at the same time.
 */
export async function releaseIfDue(tx: Tx, deps: ReleaseDeps, postId: number): Promise<boolean> {
  const post = await repo.lockPost(tx, postId);
  const now = deps.now();
  if (!post || post.status !== 'scheduled' || post.releasedAt) return false;
  if (post.approval !== 'not_required' && post.approval !== 'approved') return false;
  if (post.scheduledAt && post.scheduledAt.getTime() > now.getTime()) return false;
  const usable = await deps.connections.usableAll(post.merchantId, tx);
  const chosen = usable.filter((row) => post.platforms.includes(row.platform));
  const jobs = await deps.engine().enqueue(tx, {
    postId,
    merchantId: post.merchantId,
    connectionIds: chosen.map((row) => row.id),
    unconnected: post.platforms.filter((platform) => !chosen.some((row) => row.platform === platform)),
    dueAt: now,
  });
  // A post none of whose platforms is still connected has nothing to do: it is done, each of
  // its jobs failed with the reason.
  await repo.updatePost(tx, postId, { releasedAt: now, status: jobs.some((job) => job.state !== 'failed') ? 'publishing' : 'done' });
  return true;
}
