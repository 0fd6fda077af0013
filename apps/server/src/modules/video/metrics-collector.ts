import type { FastifyBaseLogger } from 'fastify';
import type { PublisherRegistry } from '../../adapters/publishing/index.js';
import { PublishError, type VideoMetrics } from '../../adapters/publishing/publisher.js';
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/queue.js';
import type { EventService } from '../events/service.js';
import type { PublishConnections } from './publish-engine.js';
import * as repo from './publish-repository.js';
import type { PublishJobRow } from './publish-repository.js';

export const METRICS_JOB = 'video.metrics';
const METRICS_BATCH = 200;

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
}

export interface CollectResult {
  read: number;
  failed: number;
}

/**
 * Reads published videos' statistics from their platforms on a schedule and keeps each reading
 * as a snapshot, so growth over any range is the difference of two readings. A metric the
 * platform does not give stays null. The snapshot, the job's copy of the latest numbers and a
 * milestone's event are written in one transaction under the job's row lock, so a milestone is
 * announced once however many collectors run.
 */
export class MetricsCollector {
  private readonly now: () => Date;

  constructor(private readonly deps: MetricsCollectorDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async collect(): Promise<CollectResult> {
    const due = await repo.metricsDue(this.deps.db, this.now(), METRICS_BATCH);
    let read = 0;
    let failed = 0;
    for (const job of due) {
      try {
        const metrics = await this.read(job);
        if (metrics) {
          await this.store(job.id, this.now(), metrics);
          read++;
        }
      } catch {
        // One platform failing must not keep the others' numbers from being read; the job is
        // due again at the next run.
        failed++;
      }
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
      if (announce) {
        const post = await repo.findPost(tx, job.postId);
        await this.deps.events.record(tx, {
          type: 'video.milestone',
          actor_id: null,
          subject: { type: 'video_post', id: job.postId },
          account_id: job.merchantId,
          payload: { post_id: job.postId, job_id: job.id, platform: job.platform, title: post?.title ?? '', metric: 'plays', value: milestone },
        });
      }
    });
  }

  jobDefinitions(log: FastifyBaseLogger): JobDefinition<never>[] {
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
    return [metrics] as JobDefinition<never>[];
  }
}
