import { isStaff, type PublishJobState, type PublishTargetName, type VideoApproval, type VideoPostStatus } from '@nearcast/contract';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { merchantDirectory, visibleMerchantIds } from '../../access/scope.js';
import { partyNameOf } from '../../db/party-name.js';
import { selectRows, type Db, type Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { preparedPerDb } from '../../db/prepared.js';
import { platformConnections, videoPosts, videoPublishJobs, videoReviewLinks, type VideoPostRow, type VideoPublishJobRow } from '../../db/schema/video.js';

/** The SQL of video posts, their publish jobs, statistics and review links. */

export type { StoredCaption, StoredPlatformCaption, VideoPostRow } from '../../db/schema/video.js';
export type NewVideoPostRow = typeof videoPosts.$inferInsert;
export type VideoPostView = VideoPostRow & { merchantName: string; createdByName: string | null };
export type ReviewLinkRow = typeof videoReviewLinks.$inferSelect;

const merchantName = sql<string>`${partyNameOf(videoPosts.merchantId)}`;
const creatorName = partyNameOf(videoPosts.createdById);

export function visiblePosts(caller: Pick<Caller, 'id' | 'role' | 'agentType'>): SQL {
  // Staff see every post (each belongs to a merchant): no list of every merchant to match against.
  if (isStaff(caller.role)) return sql`true`;
  return sql`${videoPosts.merchantId} in ${visibleMerchantIds(caller)}`;
}

/** Is this id a merchant (client account) in the caller's scope? With its name. */
export async function merchantVisible(ex: Executor, caller: Caller, merchantId: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await selectRows<{ id: number; name: string }>(ex, sql`select m.id, m.name from ${merchantDirectory(caller)} m where m.id = ${merchantId}`);
  return row;
}

export async function merchantNameOf(ex: Executor, merchantId: number): Promise<string> {
  const [row] = await selectRows<{ name: string | null }>(ex, sql`select ${partyNameOf(sql`${merchantId}::integer`)} as name`);
  return row?.name ?? '';
}

// ---- posts -------------------------------------------------------------------------------------

function viewQuery(ex: Executor) {
  return ex
    .select({ row: videoPosts, merchantName, createdByName: creatorName })
    .from(videoPosts);
}

const toView = (r: { row: VideoPostRow; merchantName: string; createdByName: string | null }): VideoPostView => ({
  ...r.row,
  merchantName: r.merchantName,
  createdByName: r.createdByName,
});

export async function findVisible(ex: Executor, caller: Caller, id: number): Promise<VideoPostView | undefined> {
  const [row] = await viewQuery(ex).where(and(eq(videoPosts.id, id), visiblePosts(caller)));
  return row ? toView(row) : undefined;
}

export async function findView(ex: Executor, id: number): Promise<VideoPostView | undefined> {
  const [row] = await viewQuery(ex).where(eq(videoPosts.id, id));
  return row ? toView(row) : undefined;
}

/** The post row, locked until the transaction ends (edits, approval and release queue behind each other). */
export async function lockPost(ex: Executor, id: number): Promise<VideoPostRow | undefined> {
  const [row] = await ex.select().from(videoPosts).where(eq(videoPosts.id, id)).for('update');
  return row;
}

export interface PostFilter {
  keyword?: string | undefined;
  merchantId?: number | undefined;
  status?: VideoPostStatus | undefined;
  approval?: VideoApproval | undefined;
  platform?: PublishTargetName | undefined;
  jobState?: PublishJobState | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** Only posts with at least one job the platform took (published or approved). */
  publishedOnly?: boolean;
  sort: 'newest' | 'oldest' | 'schedule';
}

const postDay = sql`coalesce(${videoPosts.scheduledAt}, ${videoPosts.createdAt})`;

function postWhere(caller: Caller, filter: Omit<PostFilter, 'sort'>): SQL {
  const conditions: (SQL | undefined)[] = [visiblePosts(caller)];
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    conditions.push(ilike(videoPosts.title, pattern));
  }
  if (filter.merchantId) conditions.push(eq(videoPosts.merchantId, filter.merchantId));
  if (filter.status) conditions.push(eq(videoPosts.status, filter.status));
  if (filter.approval) conditions.push(eq(videoPosts.approval, filter.approval));
  if (filter.platform && filter.jobState) {
    // Both name one publication: the post's job on that platform is in that state (not the
    // TikTok post whose YouTube job is approved).
    conditions.push(
      sql`exists (select 1 from ${videoPublishJobs} j where j.post_id = ${videoPosts.id} and j.platform = ${filter.platform} and j.state = ${filter.jobState})`,
    );
  } else if (filter.platform) {
    conditions.push(sql`${filter.platform} = any(${videoPosts.platforms})`);
  } else if (filter.jobState) {
    conditions.push(
      sql`exists (select 1 from ${videoPublishJobs} j where j.post_id = ${videoPosts.id} and j.state = ${filter.jobState})`,
    );
  }
  if (filter.publishedOnly) {
    conditions.push(sql`exists (select 1 from ${videoPublishJobs} j where j.post_id = ${videoPosts.id} and j.state in ('published', 'approved'))`);
  }
  if (filter.dateFrom) conditions.push(gte(postDay, sql`${filter.dateFrom}::date`));
  if (filter.dateTo) conditions.push(lt(postDay, sql`${filter.dateTo}::date + 1`));
  return and(...conditions)!;
}

/**
 * A page of the posts the caller sees, and how many match, counted up to `cap + 1`. Only the
 * page's ids come from the query built for this filter; the posts with their names come from a
 * statement prepared once (a wide select is costly to build and to plan on every request).
 */
export async function listPosts(db: Db, caller: Caller, filter: PostFilter, page: number, pageSize: number, cap: number) {
  const where = postWhere(caller, filter);
  const order = {
    newest: [desc(videoPosts.createdAt), desc(videoPosts.id)],
    oldest: [asc(videoPosts.createdAt), asc(videoPosts.id)],
    schedule: [asc(postDay), asc(videoPosts.id)],
  }[filter.sort];
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: videoPosts.id })
      .from(videoPosts)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${videoPosts} where ${where} limit ${cap + 1}) capped`),
  ]);
  return { rows: await viewsByIds(db, ids.map((row) => row.id)), total: Number(total?.n ?? 0) };
}

const postViews = preparedPerDb((db) =>
  viewQuery(db)
    .where(sql`${videoPosts.id} = any(${sql.placeholder('ids')})`)
    .prepare('video_post_views'),
);

/** Posts with their merchant's and creator's names, in the order of `ids`. */
async function viewsByIds(db: Db, ids: number[]): Promise<VideoPostView[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await postViews(db).execute({ ids })).map((row) => [row.row.id, toView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertPost(ex: Executor, values: NewVideoPostRow): Promise<VideoPostRow> {
  const [row] = await ex.insert(videoPosts).values(values).returning();
  return row!;
}

export async function updatePost(ex: Executor, id: number, values: Partial<NewVideoPostRow>): Promise<void> {
  await ex
    .update(videoPosts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(videoPosts.id, id));
}

export async function deletePost(ex: Executor, id: number): Promise<VideoPostRow | undefined> {
  const [row] = await ex.delete(videoPosts).where(eq(videoPosts.id, id)).returning();
  return row;
}

/** Posts whose time has come, not yet handed to the engine, approved or needing no approval. */
export async function duePosts(ex: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ id: videoPosts.id })
    .from(videoPosts)
    .where(
      and(
        eq(videoPosts.status, 'scheduled'),
        isNull(videoPosts.releasedAt),
        inArray(videoPosts.approval, ['not_required', 'approved']),
        or(isNull(videoPosts.scheduledAt), lt(videoPosts.scheduledAt, now), eq(videoPosts.scheduledAt, now)),
      ),
    )
    .orderBy(asc(videoPosts.scheduledAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Is another post using this upload (a claimed upload belongs to one post)? */
export async function fileKeyInUse(ex: Executor, fileKey: string, exceptPostId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: videoPosts.id })
    .from(videoPosts)
    .where(and(eq(videoPosts.fileKey, fileKey), sql`${videoPosts.id} <> ${exceptPostId}`))
    .limit(1);
  return row !== undefined;
}

// ---- jobs --------------------------------------------------------------------------------------

export type JobWithConnection = VideoPublishJobRow & { sandbox: boolean };

const jobsOfPosts = preparedPerDb((db) =>
  db
    .select({ job: videoPublishJobs, sandbox: platformConnections.sandbox })
    .from(videoPublishJobs)
    .leftJoin(platformConnections, eq(platformConnections.id, videoPublishJobs.connectionId))
    .where(sql`${videoPublishJobs.postId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(videoPublishJobs.postId), asc(videoPublishJobs.id))
    .prepare('video_jobs_of_posts'),
);

/** The posts' publish jobs, post by post, each with whether its connection is the sandbox. */
export async function jobsOf(db: Db, postIds: number[]): Promise<JobWithConnection[]> {
  if (postIds.length === 0) return [];
  const rows = await jobsOfPosts(db).execute({ ids: postIds });
  return rows.map((row) => ({ ...row.job, sandbox: row.sandbox ?? row.job.platform === 'sandbox' }));
}

export async function findVisibleJob(ex: Executor, caller: Caller, jobId: number): Promise<VideoPublishJobRow | undefined> {
  const [row] = await ex
    .select()
    .from(videoPublishJobs)
    .where(and(eq(videoPublishJobs.id, jobId), sql`${videoPublishJobs.merchantId} in ${visibleMerchantIds(caller)}`));
  return row;
}

// ---- review links ------------------------------------------------------------------------------

export async function insertReviewLink(ex: Executor, values: typeof videoReviewLinks.$inferInsert): Promise<ReviewLinkRow> {
  const [row] = await ex.insert(videoReviewLinks).values(values).returning();
  return row!;
}

/** Closes the post's open links (a newer link or an edit replaces them). */
export async function revokeReviewLinks(ex: Executor, postId: number): Promise<void> {
  await ex
    .update(videoReviewLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(videoReviewLinks.postId, postId), isNull(videoReviewLinks.revokedAt), isNull(videoReviewLinks.decidedAt)));
}

export async function findReviewLink(ex: Executor, tokenHash: string, options: { lock?: boolean } = {}): Promise<ReviewLinkRow | undefined> {
  const query = ex.select().from(videoReviewLinks).where(eq(videoReviewLinks.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function decideReviewLink(
  ex: Executor,
  id: number,
  decision: 'approved' | 'changes_requested',
  comment: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await ex
    .update(videoReviewLinks)
    .set({ decision, comment, decidedAt: now })
    .where(and(eq(videoReviewLinks.id, id), isNull(videoReviewLinks.decidedAt), isNull(videoReviewLinks.revokedAt), gt(videoReviewLinks.expiresAt, now)))
    .returning({ id: videoReviewLinks.id });
  return rows.length > 0;
}

/** How many posts use a material as their video: those still to go out, and those done with. */
export async function postsUsingFootage(ex: Executor, footageId: number): Promise<{ open: number; finished: number }> {
  const [row] = await selectRows<{ open: number; finished: number }>(
    ex,
    sql`select count(*) filter (where ${videoPosts.status} not in ('done', 'cancelled'))::int as open,
               count(*) filter (where ${videoPosts.status} in ('done', 'cancelled'))::int as finished
          from ${videoPosts} where ${videoPosts.footageId} = ${footageId}`,
  );
  return row ?? { open: 0, finished: 0 };
}
