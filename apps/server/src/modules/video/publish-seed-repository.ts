import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { platformConnections, videoMetricSnapshots, videoPosts, videoPublishJobs, type StoredCaption } from '../../db/schema/video.js';

/** The bulk writes of the demo's video history (demo/video-seed.ts); nothing else uses them. */

export type { StoredCaption };
export type NewConnectionRow = typeof platformConnections.$inferInsert;
export type NewPostRow = typeof videoPosts.$inferInsert;
export type NewJobRow = typeof videoPublishJobs.$inferInsert;
export type NewSnapshotRow = typeof videoMetricSnapshots.$inferInsert;

export async function anyPost(ex: Executor): Promise<boolean> {
  const [row] = await ex.select({ id: videoPosts.id }).from(videoPosts).limit(1);
  return row !== undefined;
}

export async function anyPostWithFile(ex: Executor, fileKey: string): Promise<boolean> {
  const [row] = await ex.select({ id: videoPosts.id }).from(videoPosts).where(eq(videoPosts.fileKey, fileKey)).limit(1);
  return row !== undefined;
}

export async function insertConnections(ex: Executor, rows: NewConnectionRow[]) {
  return ex
    .insert(platformConnections)
    .values(rows)
    .returning({ id: platformConnections.id, merchantId: platformConnections.merchantId, platform: platformConnections.platform });
}

export async function insertPosts(ex: Executor, rows: NewPostRow[]) {
  return ex
    .insert(videoPosts)
    .values(rows)
    .returning({ id: videoPosts.id, merchantId: videoPosts.merchantId, scheduledAt: videoPosts.scheduledAt, language: videoPosts.language });
}

export async function insertJobs(ex: Executor, rows: NewJobRow[]) {
  return ex.insert(videoPublishJobs).values(rows).returning({
    id: videoPublishJobs.id,
    merchantId: videoPublishJobs.merchantId,
    platform: videoPublishJobs.platform,
    remoteId: videoPublishJobs.remoteId,
    startedAt: videoPublishJobs.startedAt,
    lastMetricsAt: videoPublishJobs.lastMetricsAt,
  });
}

export async function insertSnapshots(ex: Executor, rows: NewSnapshotRow[]): Promise<void> {
  await ex.insert(videoMetricSnapshots).values(rows);
}

export async function setFileSize(ex: Executor, fileKey: string, size: number): Promise<void> {
  await ex
    .update(videoPosts)
    .set({ fileSize: size })
    .where(and(eq(videoPosts.fileKey, fileKey), ne(videoPosts.fileSize, size)));
}
