import type { ApiLanguage, VideoPost } from '@nearcast/contract';
import type { PublisherRegistry } from '../../adapters/publishing/index.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import { sumMetrics } from './post-stats.js';
import { describeReason } from './publish-reasons.js';
import * as repo from './repository.js';

/** What presenting posts reads: their jobs, their thumbnails' signed URLs and each job's publisher. */
export interface PostViewDeps {
  db: Db;
  storage: FileStorage;
  publishers: PublisherRegistry;
  urlTtlSeconds: number;
}

/** Posts as callers see them: with their jobs on each platform, a signed thumbnail and their summed numbers. */
export async function presentPosts(deps: PostViewDeps, rows: repo.VideoPostView[], lang: ApiLanguage): Promise<VideoPost[]> {
  const jobs = await repo.jobsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const own = jobs.filter((job) => job.postId === row.id);
      const thumb = row.thumbKey ? await deps.storage.signedUrl(row.thumbKey, deps.urlTtlSeconds) : null;
      const presentedJobs = own.map((job) => {
        const publisher = deps.publishers.forConnection({ platform: job.platform, sandbox: job.sandbox });
        return {
          id: job.id,
          platform: job.platform,
          sandbox: job.sandbox,
          mode: publisher?.mode ?? ('api' as const),
          language: job.language,
          state: job.state,
          url: job.url,
          reason: describeReason(job.reason, lang),
          private_only: job.privateOnly,
          attempts: job.attempts,
          run_after: job.runAfter?.toISOString() ?? null,
          deferred_reason: describeReason(job.deferredReason, lang),
          published_at: job.publishedAt?.toISOString() ?? null,
          approved_at: job.approvedAt?.toISOString() ?? null,
          metrics: { plays: job.plays, likes: job.likes, comments: job.comments, shares: job.shares, collections: job.collections },
          metrics_at: job.lastMetricsAt?.toISOString() ?? null,
        };
      });
      return {
        id: row.id,
        merchant_id: row.merchantId,
        merchant_name: row.merchantName,
        title: row.title,
        footage_id: row.footageId,
        file_name: row.fileName,
        file_size: row.fileSize,
        duration: row.fileDurationSeconds,
        thumbnail_url: thumb?.url ?? null,
        captions: row.captions,
        platform_captions: row.platformCaptions,
        language: row.language,
        platforms: row.platforms,
        status: row.status,
        approval: row.approval,
        approval_comment: row.approvalComment,
        approval_at: row.approvalAt?.toISOString() ?? null,
        scheduled_at: row.scheduledAt?.toISOString() ?? null,
        released_at: row.releasedAt?.toISOString() ?? null,
        created_by: row.createdByName,
        create_time: row.createdAt.toISOString(),
        update_time: row.updatedAt.toISOString(),
        jobs: presentedJobs,
        totals: sumMetrics(presentedJobs.map((job) => job.metrics)),
      };
    }),
  );
}
