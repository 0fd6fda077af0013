import { and, arrayContains, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { contentItems, contentMedia, courseLessons, courses, type ContentItemRow, type NewContentItemRow } from '../../db/schema/content.js';
import { escapeLike } from '../../db/like.js';

export type { ContentItemRow, NewContentItemRow };

/** The SQL of content items and their media (courses, lessons and progress: course-repository.ts). */

type Status = ContentItemRow['status'];
type Language = ContentItemRow['language'];

export interface ContentFilter {
  type?: ContentItemRow['type'];
  status?: Status;
  tag?: string;
  language?: Language;
  authorId?: number;
  keyword?: string;
  /** Create time, inclusive from, exclusive to. */
  from?: Date;
  to?: Date;
}

function contentWhere(filter: ContentFilter): SQL | undefined {
  return and(
    filter.type ? eq(contentItems.type, filter.type) : undefined,
    filter.status ? eq(contentItems.status, filter.status) : undefined,
    filter.tag ? arrayContains(contentItems.tags, [filter.tag]) : undefined,
    filter.language ? eq(contentItems.language, filter.language) : undefined,
    filter.authorId ? eq(contentItems.authorId, filter.authorId) : undefined,
    filter.keyword
      ? or(ilike(contentItems.title, `%${escapeLike(filter.keyword)}%`), ilike(contentItems.excerpt, `%${escapeLike(filter.keyword)}%`))
      : undefined,
    filter.from ? gte(contentItems.createdAt, filter.from) : undefined,
    filter.to ? lt(contentItems.createdAt, filter.to) : undefined,
  );
}

/** Live events' place in time, as SQL, for filtering by it. */
function liveTimeCondition(timeStatus: 'upcoming' | 'live' | 'ended', now: Date): SQL {
  const end = sql`${contentItems.liveStart} + make_interval(mins => ${contentItems.liveDurationMinutes})`;
  if (timeStatus === 'upcoming') return sql`${contentItems.liveStart} > ${now}`;
  if (timeStatus === 'live') return sql`${contentItems.liveStart} <= ${now} and ${end} > ${now}`;
  return sql`${end} <= ${now}`;
}

export async function listContent(
  ex: Executor,
  filter: ContentFilter & { timeStatus?: 'upcoming' | 'live' | 'ended'; now?: Date },
  page: number,
  pageSize: number,
) {
  const condition = and(contentWhere(filter), filter.timeStatus ? liveTimeCondition(filter.timeStatus, filter.now ?? new Date()) : undefined);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(contentItems)
      .where(condition)
      .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(contentItems).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface PublicFilter {
  type?: ContentItemRow['type'];
  tag?: string;
  /** Put this language first. */
  language?: Language;
  /** Live events not ended yet, soonest first. */
  upcomingAt?: Date;
}

/**
 * Published items only: nothing else ever leaves through here. With a reader's language, each
 * translation group counts once — the item in that language, else the English one, else the
 * group's first — and the reader's language comes first.
 */
export async function listPublished(ex: Executor, filter: PublicFilter, page: number, pageSize: number) {
  const condition = and(
    eq(contentItems.status, 'published'),
    filter.upcomingAt ? eq(contentItems.type, 'live') : filter.type ? eq(contentItems.type, filter.type) : undefined,
    filter.tag ? arrayContains(contentItems.tags, [filter.tag]) : undefined,
    filter.upcomingAt
      ? sql`${contentItems.liveStart} + make_interval(mins => ${contentItems.liveDurationMinutes}) > ${filter.upcomingAt}`
      : undefined,
  )!;
  const order = filter.upcomingAt ? sql`live_start asc, id asc` : sql`published_at desc, id desc`;
  if (!filter.language) {
    const [rows, [total]] = await Promise.all([
      ex
        .select()
        .from(contentItems)
        .where(condition)
        .orderBy(...(filter.upcomingAt ? [asc(contentItems.liveStart), asc(contentItems.id)] : [desc(contentItems.publishedAt), desc(contentItems.id)]))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ex.select({ n: count() }).from(contentItems).where(condition),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
  const group = sql`coalesce(${contentItems.translationGroup}, ${contentItems.id})`;
  const [chosen, [total]] = await Promise.all([
    selectRows<{ id: number }>(
      ex,
      sql`select id from (
            select distinct on (${group}) ${contentItems.id} as id, ${contentItems.language} as language,
                   ${contentItems.publishedAt} as published_at, ${contentItems.liveStart} as live_start
            from ${contentItems} where ${condition}
            order by ${group}, (${contentItems.language} = ${filter.language}) desc, (${contentItems.language} = 'en-US') desc, ${contentItems.id}
          ) chosen
          order by (language = ${filter.language}) desc, ${order}
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ n: number }>(ex, sql`select count(distinct ${group})::int as n from ${contentItems} where ${condition}`),
  ]);
  const ids = chosen.map((row) => Number(row.id));
  const byId = new Map((await findContents(ex, ids)).map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(total?.n ?? 0) };
}

export async function findContent(ex: Executor, id: number): Promise<ContentItemRow | undefined> {
  const [row] = await ex.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  return row;
}

export async function lockContent(ex: Executor, id: number): Promise<ContentItemRow | undefined> {
  const [row] = await ex.select().from(contentItems).where(eq(contentItems.id, id)).for('update').limit(1);
  return row;
}

export async function findContents(ex: Executor, ids: number[]): Promise<ContentItemRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(contentItems).where(inArray(contentItems.id, ids));
}

export async function insertContent(ex: Executor, values: NewContentItemRow): Promise<ContentItemRow> {
  const [row] = await ex.insert(contentItems).values(values).returning();
  return row!;
}

export async function updateContent(ex: Executor, id: number, patch: Partial<NewContentItemRow>): Promise<ContentItemRow> {
  const [row] = await ex
    .update(contentItems)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentItems.id, id))
    .returning();
  return row!;
}

export async function deleteContent(ex: Executor, id: number): Promise<void> {
  await ex.delete(contentItems).where(eq(contentItems.id, id));
}

/** The other items of a translation group (published ones only when asked). */
export async function translationsOf(ex: Executor, group: number, exceptId: number, publishedOnly: boolean) {
  return ex
    .select({ id: contentItems.id, language: contentItems.language, title: contentItems.title, status: contentItems.status })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.translationGroup, group),
        ne(contentItems.id, exceptId),
        publishedOnly ? eq(contentItems.status, 'published') : undefined,
      ),
    )
    .orderBy(asc(contentItems.language));
}

export async function groupLanguages(ex: Executor, group: number, exceptId: number): Promise<Language[]> {
  const rows = await ex
    .select({ language: contentItems.language })
    .from(contentItems)
    .where(and(eq(contentItems.translationGroup, group), ne(contentItems.id, exceptId)));
  return rows.map((row) => row.language);
}

export async function facets(ex: Executor) {
  const [authors, tags] = await Promise.all([
    ex
      .selectDistinct({ id: contentItems.authorId, name: contentItems.authorName })
      .from(contentItems)
      .where(sql`${contentItems.authorId} is not null`)
      .orderBy(contentItems.authorName),
    selectRows<{ tag: string }>(ex, sql`select distinct unnest(${contentItems.tags}) as tag from ${contentItems} order by 1 limit 500`),
  ]);
  return { authors: authors.map((row) => ({ id: row.id!, name: row.name })), tags: tags.map((row) => row.tag) };
}

// ---- Media ----

export async function mediaOf(ex: Executor, contentIds: number[]) {
  if (contentIds.length === 0) return [];
  return ex.select().from(contentMedia).where(inArray(contentMedia.contentId, contentIds));
}

/** A body image's stored key, from any item that already claimed the upload. */
export async function mediaKeyOfUpload(ex: Executor, uploadId: number): Promise<string | undefined> {
  const [row] = await ex.select({ key: contentMedia.key }).from(contentMedia).where(eq(contentMedia.uploadId, uploadId)).limit(1);
  return row?.key;
}

export async function replaceMedia(ex: Executor, contentId: number, media: { uploadId: number; key: string }[]): Promise<void> {
  await ex.delete(contentMedia).where(eq(contentMedia.contentId, contentId));
  if (media.length > 0) await ex.insert(contentMedia).values(media.map((item) => ({ contentId, ...item })));
}

/** Whether any content item or course still points at this stored file. */
export async function keyInUse(ex: Executor, key: string): Promise<boolean> {
  const [row] = await selectRows<{ used: boolean }>(
    ex,
    sql`
    select exists(select 1 from ${contentMedia} where ${contentMedia.key} = ${key})
        or exists(select 1 from ${contentItems} where ${contentItems.coverKey} = ${key} or ${contentItems.videoKey} = ${key})
        or exists(select 1 from ${courses} where ${courses.coverKey} = ${key}) as used`,
  );
  return row?.used ?? false;
}

export async function lessonsUsing(ex: Executor, contentId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(courseLessons).where(eq(courseLessons.contentId, contentId));
  return row?.n ?? 0;
}
