import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { visibleMerchantIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import { partyNameOf } from '../../db/party-name.js';
import { creativeBriefs, creativePlanDays, creativePlans, creativeRenders, creativeScripts } from '../../db/schema/creative.js';

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

// The render list and the review queue: render-list-repository.ts; the render queue (fair claims,
// leases, the sweep): render-queue-repository.ts.

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

export async function updateRender(ex: Executor, id: number, changes: Partial<NewRenderRow>, where?: SQL): Promise<RenderRow | undefined> {
  const [row] = await ex
    .update(creativeRenders)
    .set({ ...changes, updatedAt: new Date() })
    .where(where ? and(eq(creativeRenders.id, id), where) : eq(creativeRenders.id, id))
    .returning();
  return row;
}

/** A merchant's renders still to be made, whose files will take room in its storage. */
export async function openOfMerchant(ex: Executor, merchantId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), openState(), isNull(creativeRenders.uploadId)));
  return Number(row?.n ?? 0);
}

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
