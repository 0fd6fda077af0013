import type { ReviewState, ScriptLanguage } from '@nearcast/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { visibleMerchantIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';
import { partyNameOf } from '../../db/party-name.js';
import { creativeRenders } from '../../db/schema/creative.js';
import type { RenderRow, RenderView } from './repository.js';

/**
 * The SQL of the render list and of the studio's review queue (docs/decisions/074): one
 * merchant's renders, or every merchant's of the caller's scope, and what waits for review.
 */

export interface RenderFilter {
  merchantId?: number | undefined;
  state?: RenderRow['state'] | undefined;
  draft?: RenderRow['draft'] | undefined;
  language?: ScriptLanguage | undefined;
  review?: ReviewState | undefined;
  /** The plan day, or the day a render by hand was asked for, in `timeZone`. */
  date?: string | undefined;
  /** The merchant's time zone, where its day begins and ends (UTC across merchants). */
  timeZone?: string | undefined;
}

const renderView = {
  row: creativeRenders,
  merchantName: sql<string>`${partyNameOf(creativeRenders.merchantId)}`.as('merchant_name'),
};

/** A finished render whose draft waits for the studio. */
const PENDING = sql`(${creativeRenders.state} = 'done' and ${creativeRenders.draft} = 'pending')`;
const FAILED = sql`(${creativeRenders.state} = 'failed')`;
/** An approved draft whose post's merchant asked for changes (kept on the render from the video module's events). */
const CHANGES_REQUESTED = sql`(${creativeRenders.draft} = 'approved' and ${creativeRenders.merchantAnswer} = 'changes_requested')`;

const REVIEW: Record<ReviewState, SQL> = { pending: PENDING, failed: FAILED, changes_requested: CHANGES_REQUESTED };

/** The day a render belongs to: its plan day, or the day (in `timeZone`) it was asked for. */
function dayOf(timeZone: string | undefined): SQL {
  return sql`coalesce(${creativeRenders.planDate}, (${creativeRenders.createdAt} at time zone ${timeZone ?? 'UTC'})::date)`;
}

/** The filters the per-merchant counts share with the list: scope, merchant choice aside, language and day. */
function sharedOf(caller: Caller, filter: Pick<RenderFilter, 'language' | 'date' | 'timeZone'>): SQL[] {
  const conditions: SQL[] = [sql`${creativeRenders.merchantId} in ${visibleMerchantIds(caller)}`];
  if (filter.language) conditions.push(eq(creativeRenders.language, filter.language));
  if (filter.date) {
    conditions.push(
      or(
        eq(creativeRenders.planDate, filter.date),
        and(isNull(creativeRenders.planDate), sql`(${creativeRenders.createdAt} at time zone ${filter.timeZone ?? 'UTC'})::date = ${filter.date}::date`),
      )!,
    );
  }
  return conditions;
}

function filterOf(caller: Caller, filter: RenderFilter): SQL {
  const conditions = sharedOf(caller, filter);
  if (filter.merchantId !== undefined) conditions.push(eq(creativeRenders.merchantId, filter.merchantId));
  if (filter.state) conditions.push(eq(creativeRenders.state, filter.state));
  if (filter.draft) conditions.push(and(eq(creativeRenders.state, 'done'), eq(creativeRenders.draft, filter.draft))!);
  if (filter.review) conditions.push(REVIEW[filter.review]);
  return and(...conditions)!;
}

/**
 * A page of renders. Newest first by default; `plan_day` puts the oldest day first (what has
 * waited longest is reviewed first), then the order they were asked for.
 */
export async function listRenders(
  ex: Executor,
  caller: Caller,
  filter: RenderFilter,
  page: number,
  pageSize: number,
  sort?: 'plan_day',
): Promise<{ rows: RenderView[]; total: number }> {
  const where = filterOf(caller, filter);
  const order = sort === 'plan_day' ? [asc(dayOf(filter.timeZone)), asc(creativeRenders.id)] : [desc(creativeRenders.createdAt), desc(creativeRenders.id)];
  const [rows, [total]] = await Promise.all([
    ex
      .select(renderView)
      .from(creativeRenders)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ value: count() }).from(creativeRenders).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.row, merchantName: row.merchantName })), total: total?.value ?? 0 };
}

export interface ReviewCountRow {
  merchantId: number;
  merchantName: string;
  pending: number;
  failed: number;
  changesRequested: number;
}

/**
 * What waits for review per merchant of the caller's scope, under the list's language and day:
 * only merchants with something waiting, by name. Only the renders in a review state are read
 * (a merchant's finished history is not counted row by row).
 */
export async function reviewCounts(ex: Executor, caller: Caller, filter: Pick<RenderFilter, 'language' | 'date' | 'timeZone'>): Promise<ReviewCountRow[]> {
  const where = and(...sharedOf(caller, filter), or(PENDING, FAILED, CHANGES_REQUESTED))!;
  const rows = await selectRows<{ merchant_id: number; merchant_name: string | null; pending: number | string; failed: number | string; changes_requested: number | string }>(
    ex,
    sql`select ${creativeRenders.merchantId} as merchant_id,
               ${partyNameOf(creativeRenders.merchantId)} as merchant_name,
               count(*) filter (where ${PENDING}) as pending,
               count(*) filter (where ${FAILED}) as failed,
               count(*) filter (where ${CHANGES_REQUESTED}) as changes_requested
          from ${creativeRenders}
         where ${where}
         group by ${creativeRenders.merchantId}`,
  );
  return rows
    .map((row) => ({
      merchantId: row.merchant_id,
      merchantName: row.merchant_name ?? '',
      pending: Number(row.pending),
      failed: Number(row.failed),
      changesRequested: Number(row.changes_requested),
    }))
    .filter((row) => row.pending + row.failed + row.changesRequested > 0)
    .sort((a, b) => a.merchantName.localeCompare(b.merchantName) || a.merchantId - b.merchantId);
}

/** A render that ended without a video (failed, or cancelled): what a retry may queue again. */
export function retryable(): SQL {
  return inArray(creativeRenders.state, ['failed', 'cancelled']);
}
