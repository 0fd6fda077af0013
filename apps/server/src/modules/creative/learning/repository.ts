import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { creativePlans, creativeRenders, type StoredRenderLearning } from '../../../db/schema/creative.js';
import { creativeLearningSettings, type CreativeLearningSettingsRow } from '../../../db/schema/creative-learning.js';

/** The SQL of the plan's learning: the studio's pins and bans, and the choices its plan days recorded. */

export async function findSettings(ex: Executor, merchantId: number): Promise<CreativeLearningSettingsRow | undefined> {
  const [row] = await ex.select().from(creativeLearningSettings).where(eq(creativeLearningSettings.merchantId, merchantId));
  return row;
}

export async function saveSettings(
  ex: Executor,
  values: { merchantId: number; pins: Record<string, string>; bans: Record<string, string[]>; updatedById: number },
): Promise<CreativeLearningSettingsRow> {
  const [row] = await ex
    .insert(creativeLearningSettings)
    .values(values)
    .onConflictDoUpdate({ target: creativeLearningSettings.merchantId, set: { pins: values.pins, bans: values.bans, updatedById: values.updatedById, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** The learner's recorded choices of a merchant's plan days since `sinceDay` (the exploration floor counts them as tried). */
export async function recentPlanChoices(ex: Executor, merchantId: number, sinceDay: string): Promise<{ day: string; learning: StoredRenderLearning }[]> {
  const rows = await ex
    .select({ day: creativeRenders.planDate, learning: creativeRenders.learning })
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), gte(creativeRenders.planDate, sinceDay), isNotNull(creativeRenders.learning)))
    .orderBy(desc(creativeRenders.planDate));
  return rows.filter((row): row is { day: string; learning: StoredRenderLearning } => row.day !== null && row.learning !== null);
}

/** The length band each render's plan asked for, by render id (the insights' band is measured in seconds). */
export async function plannedBands(ex: Executor, renderIds: readonly number[]): Promise<Map<number, string>> {
  if (renderIds.length === 0) return new Map();
  const rows = await ex
    .select({ id: creativeRenders.id, learning: creativeRenders.learning })
    .from(creativeRenders)
    .where(and(inArray(creativeRenders.id, [...renderIds]), isNotNull(creativeRenders.learning)));
  return new Map(rows.filter((row) => row.learning).map((row) => [row.id, row.learning!.lengthBand]));
}

/** The merchant's plan's slots a day per language, or undefined while it has no plan of its own. */
export async function planMix(ex: Executor, merchantId: number): Promise<{ en: number; es: number; zh: number } | undefined> {
  const [row] = await ex.select({ en: creativePlans.mixEn, es: creativePlans.mixEs, zh: creativePlans.mixZh }).from(creativePlans).where(eq(creativePlans.merchantId, merchantId));
  return row;
}
