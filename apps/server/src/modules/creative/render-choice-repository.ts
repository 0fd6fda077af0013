import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { creativeRenders } from '../../db/schema/creative.js';

/** The SQL behind a render's look and material choice: what the merchant's recent videos used. */

export interface RecentRenderChoice {
  id: number;
  look: string | null;
  footageIds: number[];
  planDate: string | null;
  createdAt: Date;
}

/** The merchant's renders since `since` that were not cancelled or failed, newest first. */
export async function recentRenderChoices(ex: Executor, merchantId: number, since: Date): Promise<RecentRenderChoice[]> {
  return ex
    .select({ id: creativeRenders.id, look: creativeRenders.look, footageIds: creativeRenders.footageIds, planDate: creativeRenders.planDate, createdAt: creativeRenders.createdAt })
    .from(creativeRenders)
    .where(and(eq(creativeRenders.merchantId, merchantId), gte(creativeRenders.createdAt, since), inArray(creativeRenders.state, ['queued', 'rendering', 'done'])))
    .orderBy(desc(creativeRenders.createdAt), desc(creativeRenders.id));
}
