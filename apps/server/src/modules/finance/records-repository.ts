import { ACCOUNT_TYPE, isStaff, type FinanceRecordType, type FinanceStatus } from '@nearcast/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../access/caller.js';
import { visibleAccountIds } from '../../access/scope.js';
import { selectRows, type Executor } from '../../db/client.js';

/**
 * The read model of finance (docs/decisions/026): Finance records as one list over the finance
 * area's tables — a payment's ledger posting, commissions, refunds and settlements — with the
 * caller's scope and the filters inside the same SQL, so a page is one query whoever asks.
 */

export type RecordScope = Pick<Caller, 'id' | 'role' | 'agentType'>;

export interface RecordFilter {
  scope: RecordScope;
  type?: FinanceRecordType;
  status?: FinanceStatus;
  partyId?: number;
  /** Inclusive days, YYYY-MM-DD (UTC). */
  dateFrom?: string;
  dateTo?: string;
}

export interface RecordRow {
  kind: FinanceRecordType;
  src_id: number;
  status: FinanceStatus;
  amount: string | number;
  user_id: number | null;
  receiver_id: number | null;
  remark: string;
  created_at: Date | string;
  processed_at: Date | string | null;
  payment_id: number | null;
  rule_version: number | null;
  rate_bps: number | null;
  commission_role: string | null;
  reversed: number | null;
  fee: string | number | null;
}

/** How each type's own status column reads as a Finance status (spec §4). */
const NATIVE_STATUS: Record<FinanceRecordType, Partial<Record<FinanceStatus, string>>> = {
  payment: { completed: 'completed' },
  commission: { pending: 'pending', completed: 'available', cancelled: 'reversed' },
  refund: { pending: 'pending', completed: 'completed', failed: 'failed' },
  settlement: { pending: 'pending', paid: 'paid', cancelled: 'cancelled', failed: 'failed' },
};

/** Which types each role sees at all: a merchant never sees how its payment was shared out. */
function typesFor(role: RecordScope['role']): FinanceRecordType[] {
  switch (role) {
    case 'super':
    case 'admin':
      return ['payment', 'commission', 'refund', 'settlement'];
    case 'studio':
    case 'partner':
      return ['payment', 'commission', 'refund', 'settlement'];
    case 'operator':
    case 'client':
      return ['payment', 'refund'];
  }
}

/**
 * The accounts in the caller's scope (access/scope.ts) as one array computed first: the list
 * then walks each of those payers' own `(party, time)` index rows instead of the whole
 * platform's newest postings looking for the few that are theirs.
 */
const scopedIds = (scope: RecordScope) => sql`any(array${visibleAccountIds(scope)})`;

function dateRange(column: SQL, filter: RecordFilter): SQL[] {
  const out: SQL[] = [];
  if (filter.dateFrom) out.push(sql`${column} >= ${filter.dateFrom}::date`);
  if (filter.dateTo) out.push(sql`${column} < (${filter.dateTo}::date + 1)`);
  return out;
}

const whereAll = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

/**
 * One branch per type: its rows in the common shape, its own filters (status, party, scope,
 * dates) on its own indexed columns, ordered newest first. Null when the filters rule it out.
 */
function branch(type: FinanceRecordType, filter: RecordFilter, limit: number | null): SQL | null {
  const { scope } = filter;
  if (!typesFor(scope.role).includes(type)) return null;
  if (filter.type && filter.type !== type) return null;
  const native = filter.status ? NATIVE_STATUS[type][filter.status] : undefined;
  if (filter.status && native === undefined) return null;
  const limitSql = limit === null ? sql`` : sql`limit ${limit}`;
  const staff = isStaff(scope.role);

  switch (type) {
    case 'payment': {
      // A payment's own posting names its payer (`party_id`) and its size.
      const where: SQL[] = [sql`t.kind = 'payment'`];
      if (filter.partyId) where.push(sql`t.party_id = ${filter.partyId}`);
      if (scope.role === 'operator') where.push(sql`t.party_id = ${scopedIds(scope)}`);
      else if (!staff) where.push(sql`t.party_id = ${scope.id}`);
      where.push(...dateRange(sql`t.created_at`, filter));
      return sql`(select 'payment'::text as kind, t.payment_id as src_id, 'completed'::text as status, t.amount_cents as amount,
          t.party_id as user_id, null::int as receiver_id, t.remark, t.created_at, t.created_at as processed_at, t.payment_id,
          t.rule_version, null::int as rate_bps, null::text as commission_role, null::int as reversed, null::bigint as fee
        from ledger_transactions t ${whereAll(where)} order by t.created_at desc, t.id desc ${limitSql})`;
    }
    case 'commission': {
      const where: SQL[] = [];
      if (native) where.push(sql`c.status = ${native}`);
      if (filter.partyId) where.push(sql`(c.beneficiary_id = ${filter.partyId} or c.payer_id = ${filter.partyId})`);
      // An earning party sees what it earned, never how a payment of its own was shared out.
      if (!staff) where.push(sql`c.beneficiary_id = ${scope.id}`);
      where.push(...dateRange(sql`c.created_at`, filter));
      return sql`(select 'commission'::text as kind, c.id as src_id,
          case c.status when 'pending' then 'pending' when 'available' then 'completed' else 'cancelled' end as status,
          c.amount_cents::bigint as amount, c.payer_id as user_id, c.beneficiary_id as receiver_id, ''::text as remark,
          c.created_at, c.released_at as processed_at, c.payment_id, c.rule_version, c.rate_bps, c.role as commission_role,
          c.reversed_cents as reversed, null::bigint as fee
        from commissions c ${whereAll(where)} order by c.created_at desc, c.id desc ${limitSql})`;
    }
    case 'refund': {
      const where: SQL[] = [];
      if (native) where.push(sql`r.status = ${native}`);
      if (filter.partyId) where.push(sql`r.payer_id = ${filter.partyId}`);
      if (scope.role === 'operator') where.push(sql`r.payer_id = ${scopedIds(scope)}`);
      else if (!staff) where.push(sql`r.payer_id = ${scope.id}`);
      where.push(...dateRange(sql`r.created_at`, filter));
      return sql`(select 'refund'::text as kind, r.id as src_id, r.status, r.amount_cents::bigint as amount,
          null::int as user_id, r.payer_id as receiver_id, r.reason as remark, r.created_at, r.processed_at, r.payment_id,
          null::int as rule_version, null::int as rate_bps, null::text as commission_role, null::int as reversed, null::bigint as fee
        from refunds r ${whereAll(where)} order by r.created_at desc, r.id desc ${limitSql})`;
    }
    case 'settlement': {
      const where: SQL[] = [];
      if (native) where.push(sql`s.status = ${native}`);
      if (filter.partyId) where.push(sql`s.account_id = ${filter.partyId}`);
      if (!staff) where.push(sql`s.account_id = ${scope.id}`);
      where.push(...dateRange(sql`s.created_at`, filter));
      // The platform pays the party: the remark is the payout reference, or why it was not paid.
      return sql`(select 'settlement'::text as kind, s.id as src_id, s.status, s.gross_cents::bigint as amount,
          null::int as user_id, s.account_id as receiver_id, coalesce(s.payout_reference, s.reason, '') as remark,
          s.created_at, s.decided_at as processed_at, null::int as payment_id,
          null::int as rule_version, null::int as rate_bps, null::text as commission_role, null::int as reversed, s.fee_cents::bigint as fee
        from settlements s ${whereAll(where)} order by s.created_at desc, s.id desc ${limitSql})`;
    }
  }
}

const TYPES: FinanceRecordType[] = ['payment', 'commission', 'refund', 'settlement'];

/**
 * One page of records, newest first. Each branch reads at most `offset + limit` rows through
 * its time index, so a page costs the same whatever the table sizes (pages stop at the count cap).
 */
export async function listRecords(ex: Executor, filter: RecordFilter, offset: number, limit: number): Promise<RecordRow[]> {
  const branches = TYPES.map((type) => branch(type, filter, offset + limit)).filter((part): part is SQL => part !== null);
  if (branches.length === 0) return [];
  return selectRows<RecordRow>(
    ex,
    sql`select * from (${sql.join(branches, sql` union all `)}) r order by r.created_at desc, r.kind, r.src_id desc offset ${offset} limit ${limit}`,
  );
}

/**
 * How many records match, counted up to `cap + 1` in all (so the answer is quick at any size):
 * the branches are read one after another and the count stops as soon as the cap is passed,
 * instead of each type counting its own `cap + 1` rows.
 */
export async function countRecords(ex: Executor, filter: RecordFilter, cap: number): Promise<number> {
  const branches = TYPES.map((type) => branch(type, filter, cap + 1)).filter((part): part is SQL => part !== null);
  if (branches.length === 0) return 0;
  const [row] = await selectRows<{ n: string | number }>(
    ex,
    sql`select count(*) as n from (select 1 from (${sql.join(branches, sql` union all `)}) r limit ${cap + 1}) capped`,
  );
  return Number(row?.n ?? 0);
}

/** A main agent's sub-agents, when it is one (their ids only; names come from the account service). */
export async function subAgentsOf(ex: Executor, scope: RecordScope): Promise<number[]> {
  if (scope.role !== 'partner' || scope.agentType === 'sub') return [];
  const rows = await selectRows<{ id: number }>(
    ex,
    sql`select v.id from ${visibleAccountIds(scope, [ACCOUNT_TYPE.partner])} v(id) where v.id <> ${scope.id} order by v.id`,
  );
  return rows.map((row) => row.id);
}

/** Whether an account is in the caller's scope (a staff filter, an agent's sub-agent). */
export async function inScope(ex: Executor, scope: RecordScope, accountId: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(ex, sql`select ${accountId}::integer as id where ${accountId}::integer in ${visibleAccountIds(scope)}`);
  return rows.length > 0;
}

/** The payer of a payment, from the payment's own ledger posting. */
export async function paymentPayer(ex: Executor, paymentId: number): Promise<number | undefined> {
  const [row] = await selectRows<{ party_id: number }>(
    ex,
    sql`select t.party_id from ledger_transactions t where t.kind = 'payment' and t.payment_id = ${paymentId} limit 1`,
  );
  return row?.party_id;
}

/** What refunds gave back on a payment so far (completed ones). */
export async function refundedOn(ex: Executor, paymentId: number): Promise<number> {
  const [row] = await selectRows<{ total: string | number }>(
    ex,
    sql`select coalesce(sum(amount_cents), 0) as total from refunds where payment_id = ${paymentId} and status = 'completed'`,
  );
  return Number(row?.total ?? 0);
}
