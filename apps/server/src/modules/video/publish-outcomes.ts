import { PublishError, type RemoteStatus } from '../../adapters/publishing/publisher.js';
import type { Db, Executor } from '../../db/client.js';
import { backoffSeconds, LeaseLost, type Backoff, type Held } from '../../jobs/leased-work.js';
import type { EventPayload } from '../events/catalogue.js';
import type { EventService } from '../events/service.js';
import * as repo from './publish-repository.js';
import { deferral, failure } from './publish-reasons.js';
import type { PublishJobPatch, PublishJobRow } from './publish-repository.js';

/** Publish attempts that failed for passing reasons before the job fails for good. */
export const MAX_ATTEMPTS = 6;
/** Status checks of an unknown outcome before a person has to look. */
const MAX_UNKNOWN_CHECKS = 12;
/** How long a platform may keep saying "still processing" before the job fails. */
const PROCESSING_LIMIT_MS = 86_400_000;
/** A platform's outage ends with its jobs spread out, not all calling again in the same second. */
const BACKOFF: Backoff = { jitter: 0.1 };

/** This engine's hold on one job, under which every write of a step goes. */
export type PublishHold = Held<PublishJobRow, PublishJobPatch>;

export type AdvanceResult = 'busy' | PublishJobRow['state'] | 'deferred' | 'lost';

export interface PublishOutcomeDeps {
  db: Db;
  events: Pick<EventService, 'record'>;
  now: () => Date;
}

/**
 * How a step of the publishing engine ends, written under the job's hold: where the platform
 * says the post stands, a wait, or a failure turned into what it calls for, each with its events.
 */
export class PublishOutcomes {
  constructor(private readonly deps: PublishOutcomeDeps) {}

  /** Writes where the platform says the post stands, with an event for each state it entered. */
  async apply(job: PublishJobRow, held: PublishHold, status: RemoteStatus): Promise<AdvanceResult> {
    const now = this.deps.now();
    if (status.state === 'failed') return this.fail(job, held, status.reason ?? failure('refused'), status.remoteId);
    const patch: PublishJobPatch = {
      state: status.state,
      remoteId: status.remoteId ?? job.remoteId,
      url: status.url ?? job.url,
      privateOnly: status.privateOnly || job.privateOnly,
      lastStatusAt: now,
      deferredReason: null,
      // Approved is final; so is a post the platform only allowed privately (it never goes public).
      runAfter: status.state === 'approved' || (status.state === 'published' && status.privateOnly) ? null : new Date(now.getTime() + pollDelayMs(job.startedAt ?? now, now)),
    };
    const reachedReviewing = status.state === 'reviewing' && job.state !== 'reviewing';
    const reachedPublished = (status.state === 'published' || status.state === 'approved') && job.publishedAt === null;
    const reachedApproved = status.state === 'approved' && job.approvedAt === null;
    if (reachedPublished) patch.publishedAt = now;
    if (reachedApproved) patch.approvedAt = now;
    return this.deps.db.transaction(async (tx) => {
      const updated = await held.write(patch, tx);
      const post = await repo.findPost(tx, job.postId);
      const base = {
        job_id: job.id,
        platform: job.platform,
        title: post?.title ?? '',
        ...(updated.url ? { url: updated.url } : {}),
        ...(updated.privateOnly ? { private_only: true } : {}),
      };
      if (reachedReviewing) await this.record(tx, 'video.reviewing', job, base);
      if (reachedPublished) await this.record(tx, 'video.published', job, base);
      if (reachedApproved) await this.record(tx, 'video.approved', job, base);
      if (reachedApproved || updated.privateOnly) await repo.finishPostIfSettled(tx, job.postId);
      return updated.state;
    });
  }

  /** Turns a failure into what it calls for: refresh was tried already, so back off, wait, or fail. */
  async failure(job: PublishJobRow, held: PublishHold, error: unknown, during: 'access' | 'publish' | 'status'): Promise<AdvanceResult> {
    if (error instanceof LeaseLost) throw error;
    const now = this.deps.now();
    const kind = error instanceof PublishError ? error.kind : 'unavailable';
    const message = error instanceof Error ? error.message : String(error);
    switch (kind) {
      case 'rate_limited': {
        const seconds = (error as PublishError).detail.retryAfterSeconds ?? backoffSeconds(job.attempts, BACKOFF);
        const at = new Date(now.getTime() + seconds * 1000);
        return this.defer(job, held, at, deferral('slow_down'));
      }
      case 'unknown_outcome': {
        const checks = job.state === 'unknown' ? job.attempts + 1 : job.attempts;
        if (job.state === 'unknown' && checks > MAX_UNKNOWN_CHECKS) {
          return this.fail(job, held, failure('outcome_unknown', { detail: message.slice(0, 500) }));
        }
        // While unknown, `attempts` counts the checks, so a platform that never answers ends with a person.
        await held.write({
          state: 'unknown',
          attempts: checks,
          runAfter: new Date(now.getTime() + backoffSeconds(checks, BACKOFF) * 1000),
          deferredReason: deferral('checking'),
        });
        return 'unknown';
      }
      case 'rejected':
        // A status check that cannot find the post while it is still moving: it is gone.
        return this.fail(job, held, message);
      case 'needs_reconnect':
        return this.fail(job, held, failure('reconnect', { detail: message.slice(0, 500) }));
      case 'unsupported':
        return this.defer(job, held, new Date(now.getTime() + 6 * 3600_000), deferral('by_hand'));
      case 'unauthorized':
      case 'unavailable':
      default: {
        const retryAfter = error instanceof PublishError ? error.detail.retryAfterSeconds : undefined;
        if (retryAfter !== undefined) {
          // The platform is still working on it (a container or media still processing) and said
          // when to come back: a wait, not a failed attempt — up to a day from the start.
          if (job.startedAt && now.getTime() - job.startedAt.getTime() > PROCESSING_LIMIT_MS) {
            return this.fail(job, held, failure('stuck', { detail: message.slice(0, 500) }));
          }
          const at = new Date(now.getTime() + retryAfter * 1000);
          await held.write({ runAfter: at, deferredReason: deferral('processing'), attempts: job.attempts });
          return 'deferred';
        }
        if (during === 'publish' && job.attempts >= MAX_ATTEMPTS) return this.fail(job, held, message);
        const at = new Date(now.getTime() + backoffSeconds(job.attempts, BACKOFF) * 1000);
        return this.defer(job, held, at, deferral('retrying', { detail: message.slice(0, 300) }));
      }
    }
  }

  async defer(job: PublishJobRow, held: PublishHold, at: Date, reason: string): Promise<AdvanceResult> {
    await held.write({ runAfter: at, deferredReason: reason });
    return 'deferred';
  }

  async fail(job: PublishJobRow, held: PublishHold, reason: string, remoteId?: string | null): Promise<AdvanceResult> {
    const now = this.deps.now();
    return this.deps.db.transaction(async (tx) => {
      const updated = await held.write(
        {
          state: 'failed',
          reason: reason.slice(0, 2000),
          failedAt: now,
          runAfter: null,
          deferredReason: null,
          ...(remoteId ? { remoteId } : {}),
        },
        tx,
      );
      const post = await repo.findPost(tx, job.postId);
      await this.record(tx, 'video.failed', job, { job_id: job.id, platform: job.platform, title: post?.title ?? '', reason: updated.reason });
      await repo.finishPostIfSettled(tx, job.postId);
      return 'failed' as const;
    });
  }

  async record<T extends 'video.failed' | 'video.published' | 'video.uploading' | 'video.reviewing' | 'video.approved'>(
    tx: Executor,
    type: T,
    job: PublishJobRow,
    payload: Omit<EventPayload<T>, 'post_id'>,
  ): Promise<void> {
    await this.deps.events.record(tx, type, {
      actor_id: null,
      subject_id: job.postId,
      account_id: job.merchantId,
      // A publication says in which language it went out: the post's outcome keeps it.
      payload: { post_id: job.postId, ...payload, ...(type === 'video.published' || type === 'video.approved' ? { language: job.language } : {}) } as EventPayload<T>,
    });
  }
}

/** How soon to ask again about a post still moving: often at first, then less as it ages. */
export function pollDelayMs(startedAt: Date, now: Date): number {
  const age = now.getTime() - startedAt.getTime();
  if (age < 15 * 60_000) return 30_000;
  if (age < 6 * 3600_000) return 5 * 60_000;
  return 3600_000;
}
