import { isOneOf, SCRIPT_LANGUAGES } from '@nearcast/contract';
import type { Db } from '../../../db/client.js';
import { linkTotalsByPost } from '../../attribution/reads.js';
import { postOutcomes, type PostOutcome } from '../insights/reads.js';
import { LENGTH_BANDS, type Outcome, type OutcomePort } from './arms.js';
import * as repo from './repository.js';

/** How far back results count: a season's taste, not last year's. */
export const LEARNING_WINDOW_DAYS = 90;
/** The most outcomes of the category's other merchants read for a prior. */
const POOL_LIMIT = 5_000;

/**
 * The learner's evidence from the insights' outcome record (postOutcomes: plays at 24 h,
 * engagement, the choices) and the attribution module's link visits, for a merchant and the
 * other merchants of its category. A post not yet 24 hours old has no result and is left out.
 */
export function outcomePort(db: Db, categoryOf: (merchantId: number) => Promise<string | null>, now: () => Date = () => new Date()): OutcomePort {
  return async (merchantId) => {
    const since = new Date(now().getTime() - LEARNING_WINDOW_DAYS * 86_400_000);
    const category = await categoryOf(merchantId);
    const [own, pool] = await Promise.all([
      postOutcomes(db, { merchantIds: [merchantId], since }),
      category ? postOutcomes(db, { category, since, limit: POOL_LIMIT }) : Promise.resolve([]),
    ]);
    const others = pool.filter((row) => row.merchantId !== merchantId);
    const rows = [...own, ...others];
    const [visits, bands] = await Promise.all([
      linkTotalsByPost(db, [...new Set(rows.map((row) => row.postId))]),
      repo.plannedBands(db, [...new Set(rows.map((row) => row.renderId).filter((id): id is number => id !== null))]),
    ]);
    // A post's link is one for all its platforms: its visits are shared out among them.
    const platforms = new Map<number, number>();
    for (const row of rows) platforms.set(row.postId, (platforms.get(row.postId) ?? 0) + 1);
    const convert = (row: PostOutcome): Outcome[] => {
      if (row.plays24h === null || !isOneOf(SCRIPT_LANGUAGES, row.language)) return [];
      const band = row.renderId === null ? undefined : bands.get(row.renderId);
      return [
        {
          merchantId: row.merchantId,
          language: row.language,
          platform: row.platform,
          hook: row.hookStyle,
          look: row.look,
          // The band the plan asked for; a video made by hand has none (the insights' seconds band means another thing).
          length: isOneOf(LENGTH_BANDS, band) ? band : null,
          hour: row.postingHour,
          plays24h: row.plays24h,
          engagement: row.engagementRate ?? 0,
          visits: (visits.get(row.postId)?.visits ?? 0) / (platforms.get(row.postId) ?? 1),
          postedAt: row.postedAt,
        },
      ];
    };
    return { own: own.flatMap(convert), pool: others.flatMap(convert) };
  };
}
