import { and, count, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { creativeRenders, creativeRenderTurns } from '../../db/schema/creative.js';
import type { LeasePort } from '../../jobs/leased-work.js';
import { openState, updateRender, type NewRenderRow, type RenderRow } from './repository.js';

// The render queue's SQL: which render a worker takes next, fairly across studios and merchants
// (docs/decisions/073), its lease while it renders and the sweep of renders nobody works on
// (docs/decisions/089), and the room left in a studio's queue.

/** The render is still this worker's and still to be made. */
export function leasedAndOpen(token: string): SQL {
  return and(eq(creativeRenders.leaseToken, token), openState())!;
}

/** The render is still this worker's and still rendering (not cancelled meanwhile). */
export function leasedAndRendering(token: string): SQL {
  return and(eq(creativeRenders.leaseToken, token), eq(creativeRenders.state, 'rendering'))!;
}

/**
 * Takes the render's lease for `token` until `until` when it is free (never taken, expired, or
 * already this token's) and the render is still to be made; the row as it then stands, or
 * undefined when another worker holds it or there is nothing left to do.
 */
export async function takeLease(ex: Executor, id: number, token: string, until: Date, now: Date): Promise<RenderRow | undefined> {
  const [row] = await ex
    .update(creativeRenders)
    .set({ leaseToken: token, leaseUntil: until, updatedAt: now })
    .where(
      and(
        eq(creativeRenders.id, id),
        inArray(creativeRenders.state, ['queued', 'rendering']),
        or(isNull(creativeRenders.leaseUntil), lt(creativeRenders.leaseUntil, now), eq(creativeRenders.leaseToken, token)),
      ),
    )
    .returning();
  return row;
}

/** Studios looked at per fair claim, and renders per studio: enough that concurrent claimers all find one. */
const FAIR_STUDIOS = 8;
const FAIR_PER_STUDIO = 4;

/**
 * Takes the lease of the render due next in fairness (docs/decisions/073): of the studios with
 * a render to make, the one whose render was taken longest ago (never first), and within it the
 * merchant likewise, then that merchant's oldest. The studios with open renders are found by
 * walking the fair index one studio at a time (a loose index scan), so a studio with 10,000
 * queued costs one step, not 10,000 rows; a studio's own renders are at most its queue cap.
 * Rows another claimer holds are skipped, so any number of render processes claim at once
 * without waiting on each other. The render's id, or undefined when nothing is due.
 */
export async function claimFairRender(ex: Executor, token: string, until: Date, now: Date): Promise<number | undefined> {
  // A render `r` no worker holds and whose back-off (after a failed attempt) is over.
  const due = sql`r.state in ('queued', 'rendering') and (r.lease_until is null or r.lease_until < ${now}) and (r.not_before is null or r.not_before <= ${now})`;
  const rows = await selectRows<{ id: number }>(
    ex,
    sql`with recursive studios(studio_id) as (
      (select studio_id from creative_renders where state in ('queued', 'rendering') order by studio_id limit 1)
      union all
      select (select r.studio_id from creative_renders r
               where r.state in ('queued', 'rendering') and r.studio_id > s.studio_id order by r.studio_id limit 1)
        from studios s where s.studio_id is not null
    ), turns as (
      select s.studio_id, t.last_taken_at from studios s left join creative_render_turns t on t.owner = 's' || s.studio_id
       where s.studio_id is not null
       order by t.last_taken_at nulls first, s.studio_id limit ${FAIR_STUDIOS}
    ), candidates as (
      select c.id, row_number() over (order by st.last_taken_at nulls first, st.studio_id, c.merchant_turn nulls first, c.id) as ord
        from turns st
        cross join lateral (
          select r.id, mt.last_taken_at as merchant_turn
            from creative_renders r left join creative_render_turns mt on mt.owner = 'm' || r.merchant_id
           where r.studio_id = st.studio_id and ${due}
           order by mt.last_taken_at nulls first, r.id limit ${FAIR_PER_STUDIO}
        ) c
    )
    update creative_renders set lease_token = ${token}, lease_until = ${until}, updated_at = ${now}
     where id = (
       select r.id from creative_renders r join candidates c on c.id = r.id
        where ${due}
        order by c.ord limit 1
        for update of r skip locked
     )
    returning id`,
  );
  if (rows[0]) return rows[0].id;
  // Every fair candidate was being taken by another claimer at this instant (many render
  // processes, few studios): any render that is due, oldest first, rather than none.
  const [any] = await selectRows<{ id: number }>(
    ex,
    sql`update creative_renders set lease_token = ${token}, lease_until = ${until}, updated_at = ${now}
         where id = (
           select r.id from creative_renders r where ${due}
            order by r.id limit 1 for update skip locked
         )
        returning id`,
  );
  return any?.id;
}

/** Records that a render of this studio and merchant was just taken: they go to the back of the turns. */
export async function recordTurn(ex: Executor, studioId: number, merchantId: number, at: Date): Promise<void> {
  await ex
    .insert(creativeRenderTurns)
    .values([
      { owner: `s${studioId}`, lastTakenAt: at },
      { owner: `m${merchantId}`, lastTakenAt: at },
    ])
    .onConflictDoUpdate({ target: creativeRenderTurns.owner, set: { lastTakenAt: sql`greatest(${creativeRenderTurns.lastTakenAt}, excluded.last_taken_at)` } });
}

/** Renders waiting in a studio's queue (not yet started), or a studio-less merchant's when studioId is 0. */
export async function queuedOfStudio(ex: Executor, studioId: number, merchantId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(creativeRenders)
    .where(
      and(
        eq(creativeRenders.studioId, studioId),
        eq(creativeRenders.state, 'queued'),
        studioId === 0 ? eq(creativeRenders.merchantId, merchantId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Holds the studio's queue lock until the transaction ends: two adds at once never both take the last place. */
export async function lockStudioQueue(ex: Executor, studioId: number, merchantId: number): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(7502::int, ${studioId === 0 ? -merchantId : studioId}::int)`);
}

/** Changes a render only while `token` still holds its lease: a worker that lost it writes nothing. */
export async function updateLeased(ex: Executor, id: number, token: string, changes: Partial<NewRenderRow>): Promise<RenderRow | undefined> {
  return updateRender(ex, id, changes, eq(creativeRenders.leaseToken, token));
}

/** Unfinished renders nobody is working on: never started, or their worker's lease ran out. */
export async function orphanedRenders(ex: Executor, now: Date, olderThan: Date, limit: number): Promise<DueRender[]> {
  return ex
    .select({ id: creativeRenders.id, notBefore: creativeRenders.notBefore, leaseUntil: creativeRenders.leaseUntil })
    .from(creativeRenders)
    .where(
      and(
        inArray(creativeRenders.state, ['queued', 'rendering']),
        or(lt(creativeRenders.leaseUntil, now), and(isNull(creativeRenders.leaseUntil), lt(creativeRenders.updatedAt, olderThan))),
      ),
    )
    .limit(limit);
}

/**
 * A write under a render's lease: the columns, and the state the render must still be in —
 * rendering (not cancelled meanwhile), or, for the write that starts an attempt, still to be made.
 */
export interface RenderHeldWrite {
  set: Partial<NewRenderRow>;
  from?: 'open';
}

/** A render the sweep hands out, with what decides how it is sent. */
export interface DueRender {
  id: number;
  notBefore: Date | null;
  leaseUntil: Date | null;
}

/**
 * The renders' side of the leased-work capability (docs/decisions/089). Due renders are those
 * nobody works on: a lease that ran out, or never leased and untouched for two minutes (a render
 * waiting its turn behind a long queue already has its job; see the engine's sweep).
 */
export const renderLeases: LeasePort<RenderRow, RenderHeldWrite, DueRender> = {
  claim: async (ex, id, token, now, until) => (await takeLease(ex, id, token, until, now)) ?? null,
  writeHeld: async (ex, id, token, write, until) =>
    (await updateRender(ex, id, { ...write.set, ...(until ? { leaseUntil: until } : {}) }, write.from === 'open' ? leasedAndOpen(token) : leasedAndRendering(token))) ?? null,
  release: async (ex, id, token) => {
    await updateLeased(ex, id, token, { leaseToken: null, leaseUntil: null });
  },
  due: (ex, now, limit) => orphanedRenders(ex, now, new Date(now.getTime() - 2 * 60_000), limit),
};
