import type { FastifyBaseLogger } from 'fastify';
import type { PublisherRegistry } from '../../adapters/publishing/index.js';
import { PublishError, type VideoMetrics } from '../../adapters/publishing/publisher.js';
import type { Db } from '../../db/client.js';
import type { AnyJob, JobDefinition } from '../../jobs/queue.js';
import type { EventService } from '../events/service.js';
import type { PublishConnections } from './publish-engine.js';
import * as repo from './publish-repository.js';
import type { PublishJobRow } from './publish-repository.js';

export const METRICS_JOB = 'video.metrics';
const METRICS_BATCH = 200;
/** Platforms read at once: enough to keep up with a large network, few enough to stay polite. */
const METRICS_CONCURRENCY = 8;
/** A run stops taking new batches after this, well inside its five-minute schedule. */
const METRICS_RUN_BUDGET_MS = 4 * 60_000;

/** Plays milestones announced as `video.milestone`: 1k, 10k, 100k, 1M, 10M, 100M. */
export const PLAY_MILESTONES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000] as const;

/** The highest milestone `plays` has reached, or 0. */
export function milestoneOf(plays: number | null): number {
  if (plays === null) return 0;
  let reached = 0;
  for (const milestone of PLAY_MILESTONES) if (plays >= milestone) reached = milestone;
  return reached;
}

export interface MetricsCollectorDeps {
  db: Db;
  events: Pick<EventService, 'record'>;
  publishers: PublisherRegistry;
  connections: () => PublishConnections;
  now?: () => Date;
  /** Jobs read per query (200 unless a test pages through fewer). */
  batchSize?: number;
}

export interface CollectResult {
  read: number;
  failed: number;
}

/**
 * Reads published videos' statistics from their platforms on a schedule and keeps each reading
 * as a snapshot, so growth over any range is the difference of two readings. A metric the
 * platform does not give stays null. The snapshot, the job's copy of the latest numbers, the
 * plays' growth (`video.plays`, which the dashboards count) and a milestone's event are written in
 * one transaction under the job's row lock, so each is told once however many collectors run.
 */
export class MetricsCollector {
  private readonly now: () => Date;
  private readonly batchSize: number;

  constructor(private readonly deps: MetricsCollectorDeps) {
    this.now = deps.now ?? (() => new Date());
    this.batchSize = deps.batchSize ?? METRICS_BATCH;
  }

  /**
   * Reads every job that is due, a batch at a time, several platforms at once, until none is
   * left or the run's time is spent (the rest are first in line at the next run). One platform
   * failing must not keep the others' numbers from being read: its job is due again next run.
   */
  async collect(budgetMs = METRICS_RUN_BUDGET_MS): Promise<CollectResult> {
    const deadline = Date.now() + budgetMs;
    let read = 0;
    let failed = 0;
    let after: repo.MetricsCursor | null = null;
    for (;;) {
      const due = await repo.metricsDue(this.deps.db, this.now(), this.batchSize, after);
      await eachLimited(due, METRICS_CONCURRENCY, async (job) => {
        try {
          const metrics = await this.read(job);
          if (metrics) {
            await this.store(job.id, this.now(), metrics);
            read++;
          }
        } catch {
          failed++;
        }
      });
      const last = due.at(-1);
      if (!last || due.length < this.batchSize || Date.now() >= deadline) break;
      after = { lastMetricsAt: last.lastMetricsAt, id: last.id };
    }
    return { read, failed };
  }

  /** One job's numbers now, refreshing the token once if the platform refuses it. */
  private async read(job: PublishJobRow): Promise<VideoMetrics | null> {
    if (job.connectionId === null || job.remoteId === null) return null;
    const connectionId = job.connectionId;
    const kind = await repo.connectionKind(this.deps.db, connectionId);
    const publisher = kind ? this.deps.publishers.forConnection(kind) : null;
    if (!publisher) return null;
    const connections = this.deps.connections();
    const access = await connections.access(connectionId);
    const ref = { accessToken: access.accessToken, account: access.account, remoteId: job.remoteId, checkpoint: job.checkpoint ?? null };
    try {
      return await publisher.metrics(ref);
    } catch (error) {
      if (!(error instanceof PublishError) || error.kind !== 'unauthorized') throw error;
      return publisher.metrics({ ...ref, accessToken: await connections.refresh(connectionId) });
    }
  }

  async store(jobId: number, takenAt: Date, metrics: VideoMetrics): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const job = await repo.lockJob(tx, jobId);
      if (!job) return;
      if (!(await repo.insertSnapshot(tx, job, takenAt, metrics))) return;
      const milestone = milestoneOf(metrics.plays);
      const announce = milestone > job.milestonePlays;
      await repo.updateJob(tx, jobId, {
        ...metrics,
        lastMetricsAt: takenAt,
        ...(announce ? { milestonePlays: milestone } : {}),
      });
      // Growth is told on every reading that shows it, so the dashboards count every play
      // (not only the milestones); a milestone is also told in words, once.
      const plays = metrics.plays;
      if (plays !== null && plays > (job.plays ?? 0)) {
        await this.deps.events.record(tx, 'video.plays', {
          actor_id: null,
          subject_id: job.postId,
          account_id: job.merchantId,
          payload: { post_id: job.postId, job_id: job.id, platform: job.platform, plays, likes: metrics.likes, comments: metrics.comments, shares: metrics.shares },
        });
      }
      if (announce) {
        const post = await repo.findPost(tx, job.postId);
        await this.deps.events.record(tx, 'video.milestone', {
          actor_id: null,
          subject_id: job.postId,
          account_id: job.merchantId,
          payload: { post_id: job.postId, job_id: job.id, platform: job.platform, title: post?.title ?? '', metric: 'plays', value: milestone },
        });
      }
    });
  }

  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    const metrics: JobDefinition<Record<string, never>> = {
      name: METRICS_JOB,
      schedule: '*/5 * * * *',
      policy: 'stately',
      retryLimit: 1,
      handler: async () => {
        const result = await this.collect();
        if (result.failed > 0) log.warn(result, 'some video statistics could not be read; they are read again at the next run');
      },
    };
    return [metrics];
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
