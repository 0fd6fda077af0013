import { captionForPlatform, formatDay, PLATFORM_NAMES, postText, type PublishTargetName } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PublisherRegistry } from '../../adapters/publishing/index.js';
import {
  PublishError,
  type PlatformAccount,
  type Publisher,
  type PublishTarget,
  type RemoteStatus,
} from '../../adapters/publishing/publisher.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db, Tx } from '../../db/client.js';
import { LeasedWork } from '../../jobs/leased-work.js';
import type { AnyJob, JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { EventService } from '../events/service.js';
import { PublishOutcomes, type AdvanceResult, type PublishHold } from './publish-outcomes.js';
import * as repo from './publish-repository.js';
import { deferral, failure } from './publish-reasons.js';
import type { PublishJobPatch, PublishJobRow } from './publish-repository.js';
import { coverSourceOf, videoSourceOf } from './publish-sources.js';

export { MAX_ATTEMPTS, pollDelayMs, type AdvanceResult } from './publish-outcomes.js';

export const PUBLISH_JOB = 'video.publish';
export const SWEEP_JOB = 'video.publish-sweep';

/** How long one step may hold a job before another worker may take it over (a killed process). */
export const LEASE_MS = 10 * 60_000;
const SWEEP_BATCH = 200;

/**
 * What the engine needs of a platform connection; the connection service implements it. Tokens
 * come out decrypted only here, for the one call that uses them.
 */
export interface PublishConnections {
  /** Throws `PublishError('needs_reconnect')` when the connection cannot be used. */
  access(connectionId: number): Promise<{ accessToken: string; account: PlatformAccount; platform: PublishTarget; sandbox: boolean }>;
  /**
   * After the platform refused the access token: a new one. Throws `needs_reconnect` when the
   * grant is gone (the service then marks the connection and records the event), `unavailable`
   * for a passing failure (the connection stays).
   */
  refresh(connectionId: number): Promise<string>;
}

export interface EnqueueInput {
  postId: number;
  merchantId: number;
  connectionIds: readonly number[];
  /** The post's platforms with no usable account when it went out: each gets a failed job that says so. */
  unconnected?: readonly PublishTargetName[];
  /** When the post goes out (now, or its scheduled time). */
  dueAt: Date;
}

export interface PublishEngineDeps {
  db: Db;
  jobs: JobQueue;
  events: Pick<EventService, 'record'>;
  storage: FileStorage;
  publishers: PublisherRegistry;
  connections: () => PublishConnections;
  now?: () => Date;
}

/**
 * The publishing engine (docs/decisions/033). A post becomes one job per platform; each job
 * moves queued → uploading → reviewing → published → approved, or failed with the platform's
 * words. The lease, the fence, the sweep and the back-off are the leased-work capability's
 * (docs/decisions/089): a sweep hands due jobs to the queue, one pg-boss job per publish job at
 * a time (singleton key), and every step claims the row with a lease that outlives the remote
 * calls. What this engine declares is its steps: the adapter's checkpoint is saved under the
 * lease before each of its remote calls, so a retry or a restart resumes where the last attempt
 * stopped; a call whose outcome is unknown is checked with the platform before anything else.
 */
export class PublishEngine {
  private readonly now: () => Date;
  private readonly leases: LeasedWork<PublishJobRow, PublishJobPatch>;
  private readonly outcomes: PublishOutcomes;

  constructor(private readonly deps: PublishEngineDeps) {
    this.now = deps.now ?? (() => new Date());
    this.leases = new LeasedWork(repo.publishLeases, { kind: 'publish job', db: deps.db, leaseMs: LEASE_MS, now: this.now });
    this.outcomes = new PublishOutcomes({ db: deps.db, events: deps.events, now: this.now });
  }

  /**
   * Creates the jobs of a post inside the caller's transaction (the one that releases the post).
   * A chosen platform that is not connected any more is not dropped in silence: its job is
   * failed at once, saying so, and announced like any other failure.
   */
  async enqueue(tx: Tx, input: EnqueueInput): Promise<PublishJobRow[]> {
    const post = await repo.findPost(tx, input.postId);
    if (!post || post.merchantId !== input.merchantId) return [];
    const connections = await repo.connectionsOf(tx, input.merchantId, input.connectionIds);
    const queued = await repo.insertJobs(
      tx,
      connections.map((connection) => ({
        postId: post.id,
        merchantId: post.merchantId,
        connectionId: connection.id,
        platform: connection.platform,
        language: post.language,
        runAfter: input.dueAt,
      })),
    );
    const now = this.now();
    const failed = await repo.insertJobs(
      tx,
      (input.unconnected ?? []).map((platform) => ({
        postId: post.id,
        merchantId: post.merchantId,
        platform,
        language: post.language,
        state: 'failed' as const,
        reason: failure('not_connected', { platform: PLATFORM_NAMES[platform] }),
        failedAt: now,
      })),
    );
    for (const job of failed) {
      await this.outcomes.record(tx, 'video.failed', job, { job_id: job.id, platform: job.platform, title: post.title, reason: job.reason });
    }
    return [...queued, ...failed];
  }

  /** Has the sweep run now rather than at the next minute (after the caller's commit). */
  async kick(): Promise<void> {
    if (this.deps.jobs.running) await this.deps.jobs.send(SWEEP_JOB, {});
  }

  /**
   * A failed job, tried again. If the platform ever gave it an id, whether it exists there is
   * checked first (`unknown`), so a retry never posts a second copy.
   */
  async retry(tx: Tx, jobId: number, connectionId?: number): Promise<PublishJobRow | null> {
    const job = await repo.lockJob(tx, jobId);
    if (!job || job.state !== 'failed') return null;
    return repo.updateJob(tx, jobId, {
      // A job that failed for want of an account goes out on the one connected since.
      ...(job.connectionId === null && connectionId !== undefined ? { connectionId } : {}),
      state: job.remoteId ? 'unknown' : 'queued',
      checkpoint: job.remoteId ? job.checkpoint : null,
      reason: null,
      failedAt: null,
      attempts: 0,
      runAfter: null,
      deferredReason: null,
    });
  }

  /** Sets aside the jobs of a post that have not started; answers how many had already started. */
  async cancel(tx: Tx, postId: number): Promise<{ cancelled: number; started: number }> {
    const cancelled = await repo.cancelQueued(tx, postId, failure('cancelled'), this.now());
    const rest = await repo.jobsOfPost(tx, postId);
    return { cancelled, started: rest.filter((job) => job.state !== 'failed' && job.state !== 'queued').length };
  }

  /**
   * An assisted platform's job, posted by a person: the link they pasted becomes the post's id
   * (statistics follow from there). 'invalid' when the link is not one of this platform's posts.
   */
  async attachPostUrl(tx: Tx, jobId: number, url: string): Promise<PublishJobRow | 'invalid' | null> {
    const job = await repo.lockJob(tx, jobId);
    if (!job || job.connectionId === null || job.state === 'approved' || job.state === 'failed') return null;
    const kind = await repo.connectionKind(tx, job.connectionId);
    const publisher = kind ? this.deps.publishers.forConnection(kind) : null;
    const remoteId = publisher?.parsePostUrl?.(url) ?? null;
    if (!remoteId) return 'invalid';
    const now = this.now();
    const updated = await repo.updateJob(tx, jobId, {
      state: 'published',
      remoteId,
      url,
      startedAt: job.startedAt ?? now,
      publishedAt: now,
      runAfter: now,
      deferredReason: null,
    });
    const post = await repo.findPost(tx, job.postId);
    await this.outcomes.record(tx, 'video.published', job, { title: post?.title ?? '', url, job_id: job.id, platform: job.platform });
    return updated;
  }

  /** Queues every due job (one pg-boss job per publish job at a time); answers how many. */
  async sweep(): Promise<number> {
    return this.leases.sweep(SWEEP_BATCH, ({ id }) => this.deps.jobs.send(PUBLISH_JOB, { id }, { singletonKey: `video-job-${id}` }));
  }

  /**
   * One step of one job: claim it, do what its state calls for, write the outcome under the
   * claim, let go. A job someone else holds, or that is not due, answers 'busy' untouched.
   */
  async advance(jobId: number): Promise<AdvanceResult> {
    return this.leases.claimAndRun(jobId, (job, held) => this.step(job, held), { busy: () => 'busy', lost: () => 'lost' });
  }

  private async step(job: PublishJobRow, held: PublishHold): Promise<AdvanceResult> {
    if (job.connectionId === null) return this.outcomes.fail(job, held, failure('connection_removed'));
    const connectionId = job.connectionId;
    const post = await repo.findPost(this.deps.db, job.postId);
    if (!post) return this.outcomes.fail(job, held, failure('post_gone'));
    const kind = await repo.connectionKind(this.deps.db, connectionId);
    const publisher = kind ? this.deps.publishers.forConnection(kind) : null;
    if (!publisher) return this.outcomes.fail(job, held, failure('platform_unavailable', { platform: PLATFORM_NAMES[job.platform] }));

    let access: Awaited<ReturnType<PublishConnections['access']>>;
    try {
      access = await this.deps.connections().access(connectionId);
    } catch (error) {
      return this.outcomes.failure(job, held, error, 'access');
    }
    let accessToken = access.accessToken;
    let refreshed = false;
    // An access token the platform refuses is refreshed once, then the same call carries on.
    const withToken = async <T>(call: (token: string) => Promise<T>): Promise<T> => {
      try {
        return await call(accessToken);
      } catch (error) {
        if (!(error instanceof PublishError) || error.kind !== 'unauthorized' || refreshed) throw error;
        refreshed = true;
        accessToken = await this.deps.connections().refresh(connectionId);
        return call(accessToken);
      }
    };
    const ref = () => ({ accessToken, account: access.account, remoteId: job.remoteId ?? '', checkpoint: job.checkpoint ?? null });

    try {
      if (job.state === 'queued') {
        if (publisher.mode === 'assisted') {
          return this.outcomes.defer(job, held, new Date(this.now().getTime() + 6 * 3600_000), deferral('by_hand'));
        }
        const limit = await withToken((t) => publisher.dailyLimit({ accessToken: t, account: access.account }));
        if (limit !== null) {
          const now = this.now();
          const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
          const nextDay = new Date(dayStart.getTime() + 86_400_000);
          const started = await repo.countStarted(this.deps.db, connectionId, dayStart, nextDay);
          if (started >= limit) {
            // The day is the platform's UTC day, written in the spec's style as every shown date is.
            return this.outcomes.defer(job, held, nextDay, deferral('daily_limit', { limit, date: formatDay(nextDay, 'UTC') }));
          }
        }
        job = await this.deps.db.transaction(async (tx) => {
          const row = await held.write({ state: 'uploading', startedAt: this.now(), deferredReason: null }, tx);
          await this.outcomes.record(tx, 'video.uploading', row, { job_id: row.id, platform: row.platform });
          return row;
        });
      }

      if (job.state === 'unknown') {
        // The last call may or may not have taken effect: ask the platform before anything else.
        let status: RemoteStatus;
        try {
          status = await withToken((t) => publisher.status({ ...ref(), accessToken: t }));
        } catch (error) {
          if (error instanceof PublishError && error.detail.status === 404) {
            // The platform has no such post: the call never took effect, so publishing again is safe.
            job = await held.write({ state: 'uploading' });
            return this.upload(job, held, publisher, post, withToken, access.account);
          }
          throw error;
        }
        if (status.state === 'reviewing' && !status.remoteId) {
          // The platform has the upload under way but nothing posted yet: carrying on from the
          // checkpoint is safe (every adapter asks the platform where it stands before it posts).
          job = await held.write({ state: 'uploading' });
          return this.upload(job, held, publisher, post, withToken, access.account);
        }
        return this.outcomes.apply(job, held, status);
      }

      if (job.state === 'uploading') return await this.upload(job, held, publisher, post, withToken, access.account);

      // reviewing or published: follow the platform's status.
      const status = await withToken((t) => publisher.status({ ...ref(), accessToken: t }));
      return await this.outcomes.apply(job, held, status);
    } catch (error) {
      return this.outcomes.failure(job, held, error, job.state === 'uploading' ? 'publish' : 'status');
    }
  }

  private async upload(
    job: PublishJobRow,
    held: PublishHold,
    publisher: Publisher,
    post: NonNullable<Awaited<ReturnType<typeof repo.findPost>>>,
    withToken: <T>(call: (token: string) => Promise<T>) => Promise<T>,
    account: PlatformAccount,
  ): Promise<AdvanceResult> {
    job = await held.write({ attempts: job.attempts + 1, lastAttemptAt: this.now() });
    // The platform's own caption when the post has one for it, else the one in the job's language.
    const caption = captionForPlatform(post.captions, post.platformCaptions, job.platform, job.language);
    const hashtags = caption?.hashtags ?? [];
    const text = postText(caption, post.title);
    let checkpoint = job.checkpoint ?? null;
    const outcome = await withToken((accessToken) =>
      publisher.publish({
        accessToken,
        account,
        video: videoSourceOf(this.deps.storage, post),
        cover: coverSourceOf(this.deps.storage, post),
        title: post.title,
        caption: text,
        hashtags,
        language: job.language,
        checkpoint,
        save: async (next) => {
          // Fenced by the lease: a worker that lost its claim stops here, before its next call.
          job = await held.checkpoint({ checkpoint: next });
          checkpoint = next;
        },
      }),
    );
    return this.outcomes.apply(job, held, outcome);
  }

  /** The engine's jobs, listed in the job registry. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    const publish: JobDefinition<{ id: number }> = {
      name: PUBLISH_JOB,
      // The row's own state machine retries; a pg-boss retry would only race the sweep.
      retryLimit: 1,
      retryDelaySeconds: 30,
      policy: 'stately',
      handler: async ({ id }) => {
        const result = await this.advance(id);
        if (result === 'lost') log.warn({ job: id }, 'publish step lost its claim to another worker');
      },
    };
    const sweep: JobDefinition<Record<string, never>> = {
      name: SWEEP_JOB,
      schedule: '* * * * *',
      policy: 'stately',
      retryLimit: 1,
      handler: async () => {
        await this.sweep();
      },
    };
    return [publish, sweep];
  }
}
