import { and, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../access/caller.js';
import { visibleMerchantIds } from '../../../access/scope.js';
import { selectRows, type Executor } from '../../../db/client.js';
import { partyNameOf } from '../../../db/party-name.js';
import { creativePostOutcomes, type CreativePostOutcomeRow, type NewCreativePostOutcomeRow } from '../../../db/schema/creative-outcomes.js';
import { creativeBriefs, creativeRenders, creativeScripts } from '../../../db/schema/creative.js';
import { engagementOf } from './derive.js';
import type { LengthBand, OpeningKind, OutcomeFilter, PostOutcome } from './types.js';

export type { CreativePostOutcomeRow, NewCreativePostOutcomeRow };

/** The SQL of the post outcomes (docs/decisions/084): the copy kept from the video module's events. */

/** What a post's render, script and brief say about how it was made (null: no render made it). */
export interface MadeOf {
  renderId: number | null;
  category: string | null;
  language: string | null;
  look: string | null;
  hookStyle: string | null;
  template: string | null;
  durationSeconds: number | null;
  openingFootageId: number | null;
  music: string | null;
}

/** The render a post was made from (the draft that became it), with its script's and brief's facts. */
export async function madeOf(ex: Executor, postId: number, merchantId: number): Promise<MadeOf> {
  const [row] = await ex
    .select({
      renderId: creativeRenders.id,
      language: creativeRenders.language,
      look: creativeRenders.look,
      hookStyle: creativeScripts.hookStyle,
      template: creativeScripts.template,
      durationSeconds: creativeRenders.durationSeconds,
      openingFootageId: creativeRenders.openingFootageId,
      music: creativeRenders.music,
    })
    .from(creativeRenders)
    .leftJoin(creativeScripts, eq(creativeScripts.id, creativeRenders.scriptId))
    .where(and(eq(creativeRenders.postId, postId), eq(creativeRenders.merchantId, merchantId)))
    .orderBy(desc(creativeRenders.id))
    .limit(1);
  const [brief] = await ex.select({ category: creativeBriefs.category }).from(creativeBriefs).where(eq(creativeBriefs.merchantId, merchantId));
  return {
    renderId: row?.renderId ?? null,
    category: brief?.category ?? null,
    language: row?.language ?? null,
    look: row?.look ?? null,
    hookStyle: row?.hookStyle ?? null,
    template: row?.template ?? null,
    durationSeconds: row?.durationSeconds ?? null,
    openingFootageId: row?.openingFootageId ?? null,
    music: row?.music ?? null,
  };
}

export async function findOutcome(ex: Executor, postId: number, platform: string): Promise<CreativePostOutcomeRow | undefined> {
  const [row] = await ex
    .select()
    .from(creativePostOutcomes)
    .where(and(eq(creativePostOutcomes.postId, postId), eq(creativePostOutcomes.platform, platform)));
  return row;
}

/**
 * The post went out on a platform: its row with the choices that made it. A second delivery, or
 * a `video.approved` after `video.published`, keeps the first time it went out and fills only
 * what is still missing, so the readings already kept stand.
 */
export async function upsertPublished(ex: Executor, values: NewCreativePostOutcomeRow): Promise<void> {
  const keep = (column: string) => sql.raw(`coalesce(creative_post_outcomes.${column}, excluded.${column})`);
  await ex
    .insert(creativePostOutcomes)
    .values(values)
    .onConflictDoUpdate({
      target: [creativePostOutcomes.postId, creativePostOutcomes.platform],
      set: {
        renderId: keep('render_id'),
        category: keep('category'),
        language: keep('language'),
        look: keep('look'),
        hookStyle: keep('hook_style'),
        template: keep('template'),
        durationSeconds: keep('duration_seconds'),
        lengthBand: keep('length_band'),
        openingKind: keep('opening_kind'),
        music: keep('music'),
        postedAt: keep('posted_at'),
        postingHour: keep('posting_hour'),
        // A reading that came before the publication's event: its plays count once the time is known.
        plays24h: sql.raw(
          `coalesce(creative_post_outcomes.plays_24h, case when creative_post_outcomes.last_reading_at <= excluded.posted_at + interval '24 hours' then creative_post_outcomes.plays end)`,
        ),
        plays7d: sql.raw(
          `coalesce(creative_post_outcomes.plays_7d, case when creative_post_outcomes.last_reading_at <= excluded.posted_at + interval '7 days' then creative_post_outcomes.plays end)`,
        ),
        updatedAt: new Date(),
      },
    });
}

/** A reading of the post's numbers, at `at`; the 24-hour and 7-day figures keep the last one by then. */
export interface Reading {
  postId: number;
  platform: string;
  merchantId: number;
  at: Date;
  plays: number;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

/**
 * Keeps a reading: the newest numbers (an older reading delivered late changes nothing there),
 * and the plays by 24 hours and by 7 days after the post went out when the reading falls inside
 * them. A reading of a post whose publication has not arrived yet starts its row.
 */
export async function recordReading(ex: Executor, reading: Reading): Promise<void> {
  // Drizzle's builder has no alias for an upsert's target, which the case expressions need.
  const at = reading.at.toISOString();
  const newer = sql.raw('(o.last_reading_at is null or o.last_reading_at <= excluded.last_reading_at)');
  await ex.execute(sql`
    insert into creative_post_outcomes as o (post_id, platform, merchant_id, plays, likes, comments, shares, last_reading_at)
    values (${reading.postId}, ${reading.platform}, ${reading.merchantId}, ${reading.plays}, ${reading.likes}, ${reading.comments}, ${reading.shares}, ${at}::timestamptz)
    on conflict (post_id, platform) do update set
      plays = case when ${newer} then excluded.plays else o.plays end,
      likes = case when ${newer} then coalesce(excluded.likes, o.likes) else o.likes end,
      comments = case when ${newer} then coalesce(excluded.comments, o.comments) else o.comments end,
      shares = case when ${newer} then coalesce(excluded.shares, o.shares) else o.shares end,
      last_reading_at = greatest(o.last_reading_at, excluded.last_reading_at),
      plays_24h = case when o.posted_at is not null and excluded.last_reading_at <= o.posted_at + interval '24 hours'
                        then greatest(coalesce(o.plays_24h, 0), excluded.plays) else o.plays_24h end,
      plays_7d = case when o.posted_at is not null and excluded.last_reading_at <= o.posted_at + interval '7 days'
                       then greatest(coalesce(o.plays_7d, 0), excluded.plays) else o.plays_7d end,
      updated_at = now()`);
}

/** The filter's condition; `scope` (a subquery of merchant ids) narrows it to a caller's merchants. */
export function outcomeWhere(filter: OutcomeFilter, scope?: SQL): SQL {
  const conditions: SQL[] = [isNotNull(creativePostOutcomes.postedAt), gte(creativePostOutcomes.postedAt, filter.since)];
  if (filter.merchantIds) conditions.push(filter.merchantIds.length ? inArray(creativePostOutcomes.merchantId, [...filter.merchantIds]) : sql`false`);
  if (filter.category !== undefined) conditions.push(eq(creativePostOutcomes.category, filter.category));
  if (filter.language !== undefined) conditions.push(eq(creativePostOutcomes.language, filter.language));
  if (scope) conditions.push(sql`${creativePostOutcomes.merchantId} in ${scope}`);
  return and(...conditions)!;
}

/** Outcomes, newest first, as the insights and the plan's learning read them. */
export async function listOutcomes(ex: Executor, filter: OutcomeFilter, now: Date, scope?: SQL): Promise<PostOutcome[]> {
  // A post past 24 hours (7 days) with no reading told by then had no plays the collector saw grow.
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const o = creativePostOutcomes;
  const rows = await ex
    .select({
      postId: o.postId,
      platform: o.platform,
      merchantId: o.merchantId,
      renderId: o.renderId,
      category: o.category,
      language: o.language,
      look: o.look,
      hookStyle: o.hookStyle,
      template: o.template,
      lengthBand: o.lengthBand,
      durationSeconds: o.durationSeconds,
      openingKind: o.openingKind,
      music: o.music,
      postedAt: o.postedAt,
      postingHour: o.postingHour,
      plays24h: sql<number | null>`case when ${o.plays24h} is null and ${o.postedAt} <= ${dayAgo} then 0 else ${o.plays24h} end`.mapWith(nullableNumber),
      plays7d: sql<number | null>`case when ${o.plays7d} is null and ${o.postedAt} <= ${weekAgo} then 0 else ${o.plays7d} end`.mapWith(nullableNumber),
      plays: o.plays,
      likes: o.likes,
      comments: o.comments,
      shares: o.shares,
    })
    .from(o)
    .where(outcomeWhere(filter, scope))
    .orderBy(desc(o.postedAt), desc(o.postId))
    .limit(filter.limit ?? OUTCOME_READ_LIMIT);
  return rows.map((row) => ({
    ...row,
    postedAt: row.postedAt!,
    lengthBand: row.lengthBand as LengthBand | null,
    openingKind: row.openingKind as OpeningKind | null,
    engagementRate: engagementOf(row),
  }));
}

/** The most outcomes one read takes (a year of a busy merchant on every platform fits). */
export const OUTCOME_READ_LIMIT = 20_000;

/** The merchants a caller works for, as the subquery `listOutcomes` narrows to. */
export const callerMerchants = (caller: Caller): SQL => visibleMerchantIds(caller);

/** The category of a merchant's brief, or null before it has one. */
export async function categoryOf(ex: Executor, merchantId: number): Promise<string | null> {
  const [row] = await ex.select({ category: creativeBriefs.category }).from(creativeBriefs).where(eq(creativeBriefs.merchantId, merchantId));
  return row?.category ?? null;
}

/** Whether a merchant is one the caller works for (the one scope rule, access/scope.ts). */
export async function merchantInScope(ex: Executor, caller: Caller, merchantId: number): Promise<boolean> {
  const rows = await selectRows<{ ok: number }>(ex, sql`select 1 as ok where ${merchantId} in ${visibleMerchantIds(caller)}`);
  return rows.length > 0;
}

const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The names of merchants, by id (the party-name rule). */
export async function merchantNames(ex: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ id: number; name: string | null }>(
    ex,
    sql`select m.id, ${partyNameOf(sql`m.id`)} as name from unnest(${sql.raw(`'{${[...new Set(ids)].map(Number).join(',')}}'::int[]`)}) as m(id)`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name ?? '']));
}

/** The choices a seed gives a post it did not render (every platform of the post). */
export interface SeededChoices {
  postId: number;
  category: string;
  look: string;
  hookStyle: string;
  template: string;
  durationSeconds: number;
  lengthBand: string;
  openingKind: string;
  music: string;
}

/** Writes seeded choices onto posts that no render made (the demo's history), a statement per 500. */
export async function seedChoices(ex: Executor, rows: readonly SeededChoices[]): Promise<number> {
  let changed = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const values = sql.join(
      rows
        .slice(i, i + 500)
        .map((r) => sql`(${r.postId}::int, ${r.category}, ${r.look}, ${r.hookStyle}, ${r.template}, ${r.durationSeconds}::float8, ${r.lengthBand}, ${r.openingKind}, ${r.music})`),
      sql`, `,
    );
    const result = await selectRows<{ post_id: number }>(
      ex,
      sql`update creative_post_outcomes o set category = v.category, look = v.look, hook_style = v.hook_style, template = v.template,
            duration_seconds = v.duration_seconds, length_band = v.length_band, opening_kind = v.opening_kind, music = v.music, updated_at = now()
          from (values ${values}) as v(post_id, category, look, hook_style, template, duration_seconds, length_band, opening_kind, music)
          where o.post_id = v.post_id and o.render_id is null
          returning o.post_id`,
    );
    changed += result.length;
  }
  return changed;
}
