import type { ScriptBody, ScriptLanguage } from '@nearcast/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { creativeScripts } from '../../db/schema/creative.js';
import type { ScriptRow } from './repository.js';

/** The SQL of the script desk (docs/decisions/074): a merchant's scripts, listed and edited. */

export interface ScriptFilter {
  merchantId: number;
  language?: ScriptLanguage | undefined;
  desk?: boolean | undefined;
}

function filterOf(filter: ScriptFilter): SQL {
  return and(
    eq(creativeScripts.merchantId, filter.merchantId),
    filter.language ? eq(creativeScripts.language, filter.language) : undefined,
    filter.desk === undefined ? undefined : eq(creativeScripts.onDesk, filter.desk),
  )!;
}

/** A merchant's scripts, the last touched first (an edit brings one back to the top). */
export async function listScripts(ex: Executor, filter: ScriptFilter, page: number, pageSize: number): Promise<{ rows: ScriptRow[]; total: number }> {
  const where = filterOf(filter);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(creativeScripts)
      .where(where)
      .orderBy(desc(sql`coalesce(${creativeScripts.updatedAt}, ${creativeScripts.createdAt})`), desc(creativeScripts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ value: count() }).from(creativeScripts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Edits a script on the desk: a new body (its fingerprint and length with it) and where it stands. */
export async function updateScript(
  ex: Executor,
  id: number,
  changes: { body?: ScriptBody; fingerprint?: string; estimatedSeconds?: number; onDesk?: boolean; edited: boolean },
): Promise<ScriptRow | undefined> {
  const { edited, ...set } = changes;
  const [row] = await ex
    .update(creativeScripts)
    .set({ ...set, ...(edited ? { updatedAt: new Date() } : {}) })
    .where(eq(creativeScripts.id, id))
    .returning();
  return row;
}

/** A render was made from the script: it leaves the desk. */
export async function takeOffDesk(ex: Executor, id: number): Promise<void> {
  await ex.update(creativeScripts).set({ onDesk: false }).where(and(eq(creativeScripts.id, id), eq(creativeScripts.onDesk, true)));
}
