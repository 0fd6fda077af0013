import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { visibleMerchantIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import { partyNameOf } from '../../db/party-name.js';
import { creativeBriefs, creativePlanDays, creativePlans, creativeRenders, creativeRenderTurns, creativeScripts } from '../../db/schema/creative.js';
import type { LeasePort } from '../../jobs/leased-work.js';

export type { StoredRenderLearning } from '../../db/schema/creative.js';

/** The SQL of the production line. */

export type BriefRow = typeof creativeBriefs.$inferSelect;
export type NewBriefRow = typeof creativeBriefs.$inferInsert;
export type ScriptRow = typeof creativeScripts.$inferSelect;
export type NewScriptRow = typeof creativeScripts.$inferInsert;
export type RenderRow = typeof creativeRenders.$inferSelect;
export type NewRenderRow = typeof creativeRenders.$inferInsert;
export type PlanRow = typeof creativePlans.$inferSelect;
export type NewPlanRow = typeof creativePlans.$inferInsert;
export type RenderView = RenderRow & { merchantName: string };

/** Whether a merchant is one the caller works for (the one scope rule, access/scope.ts). */
export async function merchantVisible(ex: Executor, caller: Caller, merchantId: number): Promise<boolean> {
  const rows = await selectRows<{ ok: number }>(ex, sql`select 1 as ok where ${merchantId} in ${visibleMerchantIds(caller)}`);
  return rows.length > 0;
}

// ---- briefs ---------------------------------------------------------------------------------

export async function findBrief(ex: Executor, merchantId: number): Promise<BriefRow | undefined> {
  const [row] = await ex.select().from(creativeBriefs).where(eq(creativeBriefs.merchantId, merchantId));
  return row;
}

export async function upsertBrief(ex: Executor, values: NewBriefRow): Promise<BriefRow> {
  const { merchantId: _merchant, createdAt: _created, ...changes } = values;
  const [row] = await ex
    .insert(creativeBriefs)
    .values(values)
    .onConflictDoUpdate({ target: creativeBriefs.merchantId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

// ---- scripts --------------------------------------------------------------------------------

export async function insertScripts(ex: Executor, rows: NewScriptRow[]): Promise<ScriptRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(creativeScripts).values(rows).returning();
}

export async function findScript(ex: Executor, id: number): Promise<ScriptRow | undefined> {
  const [row] = await ex.select().from(creativeScripts).where(eq(creativeScripts.id, id));
  return row;
}

/** The fingerprints of a merchant's scripts written since `since`: the next ones must differ. */
export async function recentFingerprints(ex: Executor, merchantId: number, since: Date): Promise<Set<string>> {
  const rows = await ex
    .select({ fingerprint: creativeScripts.fingerprint })
    .from(creativeScripts)
    .where(and(eq(creativeScripts.merchantId, merchantId), gte(creativeScripts.createdAt, since)));
  return new Set(rows.map((row) => row.fingerprint));
}

// ---- renders --------------------------------------------------------------------------------

const renderView = {
  row: creativeRenders,
  merchantName: sql<string>`${partyNameOf(creativeRenders.merchantId)}`.as('merchant_name'),
};

function viewOf(row: { row: RenderRow; merchantName: string }): RenderView {
  return { ...row.row, merchantName: row.merchantName };
}

/** Renders a caller may read: those of the merchants it works for. */
function visibleRenders(caller: Caller): SQL {
  return sql`${creativeRenders.merchantId} in ${visibleMerchantIds(caller)}`;
}

export async function insertRenders(ex: Executor, rows: NewRenderRow[]): Promise<RenderRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(creativeRenders).values(rows).onConflictDoNothing().returning();
}

export async function findRender(ex: Executor, id: number): Promise<RenderRow | undefined> {
  const [row] = await ex.select().from(creativeRenders).where(eq(creativeRenders.id, id));
  return row;
}

export async function findRenderView(ex: Executor, id: number): Promise<RenderView | undefined> {
  const [row] = await ex.select(renderView).from(creativeRenders).where(eq(creativeRenders.id, id));
  return row ? viewOf(row) : undefined;
}

export async function findVisibleRender(ex: Executor, caller: Caller, id: number): Promise<RenderView | undefined> {
  const [row] = await ex
    .select(renderView)
    .from(creativeRenders)
    .where(and(eq(creativeRenders.id, id), visibleRenders(caller)));
  return row ? viewOf(row) : undefined;
}

// The render list and the review queue: render-list-repository.ts.

export async function rendersOfPlanDay(ex: Executor, merchantId: number, day: string): Promise<RenderView[]> {
  const rows = await ex
    .select(renderView)
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), eq(creativeRenders.planDate, day)))
    .orderBy(creativeRenders.planSlot);
  return rows.map(viewOf);
}

/** A render still to be made: queued, or rendering. */
export function openState(): SQL {
  return inArray(creativeRenders.state, ['queued', 'rendering']);
}

/** A render a cancel may still stop: to be made, and its file not yet stored (then it is becoming a material). */
export function cancellable(): SQL {
  return and(openState(), isNull(creativeRenders.uploadId))!;
}

/** The render is still this worker's and still to be made. */
export function leasedAndOpen(token: string): SQL {
  return and(eq(creativeRenders.leaseToken, token), openState())!;
}

/** The render is still this worker's and still rendering (not cancelled meanwhile). */
export function leasedAndRendering(token: string): SQL {
  return and(eq(creativeRenders.leaseToken, token), eq(creativeRenders.state, 'rendering'))!;
}

export async function updateRender(ex: Executor, id: number, changes: Partial<NewRenderRow>, where?: SQL): Promise<RenderRow | undefined> {
  const [row] = await ex
    .update(creativeRenders)
    .set({ ...changes, updatedAt: new Date() })
    .where(where ? and(eq(creativeRenders.id, id), where) : eq(creativeRenders.id, id))
    .returning();
  return row;
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

/** A merchant's renders still to be made, whose files will take room in its storage. */
export async function openOfMerchant(ex: Executor, merchantId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), openState(), isNull(creativeRenders.uploadId)));
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

/** Claims a finished draft for approval: false when it is not (or no longer) waiting. */
export async function claimDraft(ex: Executor, id: number, byId: number): Promise<boolean> {
  const rows = await ex
    .update(creativeRenders)
    .set({ draft: 'approved', decidedById: byId, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(creativeRenders.id, id), eq(creativeRenders.state, 'done'), eq(creativeRenders.draft, 'pending')))
    .returning({ id: creativeRenders.id });
  return rows.length > 0;
}

/** Gives a claimed draft back when its post could not be made (and its posting hour with it). */
export async function releaseDraft(ex: Executor, id: number): Promise<void> {
  await ex
    .update(creativeRenders)
    .set({ draft: 'pending', decidedById: null, decidedAt: null, slotAt: null, updatedAt: new Date() })
    .where(and(eq(creativeRenders.id, id), eq(creativeRenders.draft, 'approved'), isNull(creativeRenders.postId)));
}

export async function rejectDraft(ex: Executor, id: number, byId: number, reason: string, shared = false): Promise<boolean> {
  const rows = await ex
    .update(creativeRenders)
    .set({ draft: 'rejected', rejectReason: reason, rejectReasonShared: shared, decidedById: byId, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(creativeRenders.id, id), eq(creativeRenders.state, 'done'), eq(creativeRenders.draft, 'pending')))
    .returning({ id: creativeRenders.id });
  return rows.length > 0;
}

/** The posting hours a merchant's approved drafts hold from `from` on. */
export async function slotsTaken(ex: Executor, merchantId: number, from: Date): Promise<Date[]> {
  const rows = await ex
    .select({ slotAt: creativeRenders.slotAt })
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), gte(creativeRenders.slotAt, from)));
  return rows.map((row) => row.slotAt!);
}

/**
 * Gives an approved draft a posting hour: false when another draft of the merchant holds it
 * (two approvals at once: the unique index decides), and the caller tries the next one.
 */
export async function takeSlot(ex: Executor, id: number, at: Date): Promise<boolean> {
  try {
    const rows = await ex.update(creativeRenders).set({ slotAt: at, updatedAt: new Date() }).where(eq(creativeRenders.id, id)).returning({ id: creativeRenders.id });
    return rows.length > 0;
  } catch (error) {
    if (isUniqueViolation(error, 'creative_renders_slot_uq')) return false;
    throw error;
  }
}

/** PostgreSQL's unique_violation on one constraint, through drizzle's wrapper when it has one. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') return name === constraint || (typeof message === 'string' && message.includes(constraint));
  }
  return false;
}

// ---- plans ----------------------------------------------------------------------------------

export async function findPlan(ex: Executor, merchantId: number): Promise<PlanRow | undefined> {
  const [row] = await ex.select().from(creativePlans).where(eq(creativePlans.merchantId, merchantId));
  return row;
}

export async function upsertPlan(ex: Executor, values: NewPlanRow): Promise<PlanRow> {
  const { merchantId: _merchant, createdAt: _created, ...changes } = values;
  const [row] = await ex
    .insert(creativePlans)
    .values(values)
    .onConflictDoUpdate({ target: creativePlans.merchantId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function enabledPlans(ex: Executor): Promise<PlanRow[]> {
  return ex.select().from(creativePlans).where(eq(creativePlans.enabled, true));
}

/**
 * Claims a plan day for one run until `until`: true when this call may make it — the day had
 * not started, or a run that started it died (its claim has passed) before it was complete.
 * One statement, so of two runs at once exactly one gets it.
 */
export async function claimPlanDay(ex: Executor, merchantId: number, day: string, now: Date, until: Date): Promise<boolean> {
  const rows = await ex
    .insert(creativePlanDays)
    .values({ merchantId, day, leaseUntil: until })
    .onConflictDoUpdate({
      target: [creativePlanDays.merchantId, creativePlanDays.day],
      set: { leaseUntil: until },
      setWhere: and(isNull(creativePlanDays.completedAt), or(isNull(creativePlanDays.leaseUntil), lt(creativePlanDays.leaseUntil, now))),
    })
    .returning({ day: creativePlanDays.day });
  return rows.length > 0;
}

export async function completePlanDay(ex: Executor, merchantId: number, day: string): Promise<void> {
  await ex
    .update(creativePlanDays)
    .set({ completedAt: new Date(), leaseUntil: null })
    .where(and(eq(creativePlanDays.merchantId, merchantId), eq(creativePlanDays.day, day)));
}

/** Where a day stands: null when no run has claimed it. */
export async function planDayState(ex: Executor, merchantId: number, day: string): Promise<{ completedAt: Date | null; leaseUntil: Date | null } | null> {
  const [row] = await ex
    .select({ completedAt: creativePlanDays.completedAt, leaseUntil: creativePlanDays.leaseUntil })
    .from(creativePlanDays)
    .where(and(eq(creativePlanDays.merchantId, merchantId), eq(creativePlanDays.day, day)));
  return row ?? null;
}

/** Gives up a run's claim on a day it could not make, so the next run need not wait for the claim to pass. */
export async function releasePlanDay(ex: Executor, merchantId: number, day: string): Promise<void> {
  await ex
    .update(creativePlanDays)
    .set({ leaseUntil: null })
    .where(and(eq(creativePlanDays.merchantId, merchantId), eq(creativePlanDays.day, day), isNull(creativePlanDays.completedAt)));
}

export async function lastPlanDay(ex: Executor, merchantId: number): Promise<string | null> {
  const [row] = await ex
    .select({ day: creativePlanDays.day })
    .from(creativePlanDays)
    .where(eq(creativePlanDays.merchantId, merchantId))
    .orderBy(desc(creativePlanDays.day))
    .limit(1);
  return row?.day ?? null;
}

// ---- replacements of rejected plan drafts and the merchant's answer (docs/decisions/075) ----

/** Every making of one slot of a plan day, oldest round first. */
export async function rendersOfPlanSlot(ex: Executor, merchantId: number, day: string, slot: number): Promise<RenderRow[]> {
  return ex
    .select()
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), eq(creativeRenders.planDate, day), eq(creativeRenders.planSlot, slot)))
    .orderBy(creativeRenders.planRound);
}

/** The titles and opening lines of the merchant's drafts rejected since `since`: not offered again. */
export async function rejectedTexts(ex: Executor, merchantId: number, since: Date): Promise<{ title: string; hook: string }[]> {
  const rows = await ex
    .select({ title: sql<string | null>`${creativeRenders.script}->>'title'`, hook: sql<string | null>`${creativeRenders.script}->'hook'->>'on_screen'` })
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), eq(creativeRenders.draft, 'rejected'), gte(creativeRenders.decidedAt, since)));
  return rows.map((row) => ({ title: row.title ?? '', hook: row.hook ?? '' }));
}

/**
 * Keeps the merchant's answer on the draft its post was made from. An answer older than the one
 * kept (an event delivered late or again) changes nothing: the card shows the latest.
 */
export async function recordMerchantAnswer(
  ex: Executor,
  postId: number,
  answer: { state: 'approved' | 'changes_requested'; note: string; at: Date },
): Promise<RenderRow | undefined> {
  const [row] = await ex
    .update(creativeRenders)
    .set({ merchantAnswer: answer.state, merchantAnswerNote: answer.note, merchantAnswerAt: answer.at, updatedAt: new Date() })
    .where(and(eq(creativeRenders.postId, postId), or(isNull(creativeRenders.merchantAnswerAt), lt(creativeRenders.merchantAnswerAt, answer.at))))
    .returning();
  return row;
}
