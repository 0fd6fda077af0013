import type { LedgerPurpose, LedgerTxKind } from '@nearcast/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.js';
import { ledgerAccounts, ledgerBalances, ledgerEntries, ledgerPurposeDeltas, ledgerTransactions } from '../../db/schema/finance.js';

/** The SQL of the ledger: accounts, balance rows, transactions and their entries. */

export const ledgerKey = (ownerId: number | null, purpose: LedgerPurpose) => `${purpose}:${ownerId ?? 'platform'}`;

export interface AccountRef {
  ownerId: number | null;
  purpose: LedgerPurpose;
}

/**
 * The ledger accounts (with their balance rows) for these keys, created when missing. Creating
 * is `insert … on conflict do nothing`, so two postings opening one party's account at once
 * both find the one row.
 */
export async function ensureAccounts(ex: Executor, refs: AccountRef[]): Promise<Map<string, number>> {
  const unique = new Map(refs.map((ref) => [ledgerKey(ref.ownerId, ref.purpose), ref]));
  const keys = [...unique.keys()];
  let rows = await ex.select({ id: ledgerAccounts.id, key: ledgerAccounts.key }).from(ledgerAccounts).where(inArray(ledgerAccounts.key, keys));
  if (rows.length < keys.length) {
    const found = new Set(rows.map((row) => row.key));
    // In key order: two postings opening the same accounts wait on them in the same order.
    const missing = [...unique.entries()].filter(([key]) => !found.has(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const created = await ex
      .insert(ledgerAccounts)
      .values(missing.map(([key, ref]) => ({ key, ownerId: ref.ownerId, purpose: ref.purpose })))
      .onConflictDoNothing({ target: ledgerAccounts.key })
      .returning({ id: ledgerAccounts.id, key: ledgerAccounts.key, ownerId: ledgerAccounts.ownerId, purpose: ledgerAccounts.purpose });
    if (created.length > 0) {
      await ex
        .insert(ledgerBalances)
        .values(created.map((row) => ({ ledgerAccountId: row.id, ownerId: row.ownerId, purpose: row.purpose })))
        .onConflictDoNothing();
    }
    rows = await ex.select({ id: ledgerAccounts.id, key: ledgerAccounts.key }).from(ledgerAccounts).where(inArray(ledgerAccounts.key, keys));
  }
  return new Map(rows.map((row) => [row.key, row.id]));
}

/**
 * Locks balance rows until the end of the transaction, always in ascending account id order, so
 * two postings touching the same accounts queue up instead of deadlocking.
 */
export async function lockBalances(ex: Executor, accountIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ ledger_account_id: number; balance_cents: string | number }>(
    ex,
    sql`select ledger_account_id, balance_cents from ${ledgerBalances}
         where ledger_account_id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by ledger_account_id for update`,
  );
  return new Map(rows.map((row) => [Number(row.ledger_account_id), Number(row.balance_cents)]));
}

/** Writes new balances of several accounts in one statement (their rows are locked already). */
export async function setBalances(ex: Executor, balances: Map<number, number>, at: Date): Promise<void> {
  if (balances.size === 0) return;
  const values = sql.join(
    [...balances].map(([id, cents]) => sql`(${id}::int, ${cents}::bigint)`),
    sql`, `,
  );
  await ex.execute(sql`
    update ${ledgerBalances} as b set balance_cents = v.cents, updated_at = ${at.toISOString()}::timestamptz
      from (values ${values}) as v(id, cents)
     where b.ledger_account_id = v.id`);
}

/** A posting's change to each purpose's total: inserted, never updated, so nothing queues on it. */
export async function addPurposeDeltas(ex: Executor, deltas: Map<LedgerPurpose, number>): Promise<void> {
  const rows = [...deltas].filter(([, cents]) => cents !== 0).map(([purpose, deltaCents]) => ({ purpose, deltaCents }));
  if (rows.length > 0) await ex.insert(ledgerPurposeDeltas).values(rows);
}

/** Each purpose's total over every ledger account: the folded total plus the deltas not yet folded. */
export async function purposeTotals(ex: Executor): Promise<Map<LedgerPurpose, number>> {
  const rows = await selectRows<{ purpose: LedgerPurpose; total: string | number }>(
    ex,
    sql`select purpose, sum(cents) as total
          from (select purpose, balance_cents as cents from ledger_purpose_totals
                union all
                select purpose, delta_cents from ledger_purpose_deltas) parts
         group by purpose`,
  );
  return new Map(rows.map((row) => [row.purpose, Number(row.total)]));
}

/**
 * Folds the deltas into the totals: exactly the rows this statement deletes are added, so a
 * delta whose posting commits meanwhile stays for the next fold and is never lost or counted twice.
 */
export async function foldPurposeDeltas(ex: Executor): Promise<number> {
  const [row] = await selectRows<{ folded: string | number }>(
    ex,
    sql`with folded as (delete from ledger_purpose_deltas returning purpose, delta_cents),
             sums as (select purpose, sum(delta_cents) as cents, count(*) as n from folded group by purpose),
             added as (
               insert into ledger_purpose_totals (purpose, balance_cents)
               select purpose, cents from sums
               on conflict (purpose) do update
                 set balance_cents = ledger_purpose_totals.balance_cents + excluded.balance_cents, updated_at = now()
               returning 1)
        select coalesce(sum(n), 0) as folded from sums`,
  );
  return Number(row?.folded ?? 0);
}

export interface NewTransaction {
  kind: LedgerTxKind;
  causeKey: string;
  paymentId?: number | null | undefined;
  refundId?: number | null | undefined;
  settlementId?: number | null | undefined;
  ruleVersion?: number | null | undefined;
  actorId?: number | null | undefined;
  partyId?: number | null | undefined;
  amountCents: number;
  remark?: string | undefined;
  createdAt: Date;
}

/** The new transaction's id, or null when one with this cause exists already (posted before). */
export async function insertTransaction(ex: Executor, values: NewTransaction): Promise<number | null> {
  const rows = await ex
    .insert(ledgerTransactions)
    .values({
      kind: values.kind,
      causeKey: values.causeKey,
      paymentId: values.paymentId ?? null,
      refundId: values.refundId ?? null,
      settlementId: values.settlementId ?? null,
      ruleVersion: values.ruleVersion ?? null,
      actorId: values.actorId ?? null,
      partyId: values.partyId ?? null,
      amountCents: values.amountCents,
      remark: values.remark ?? '',
      createdAt: values.createdAt,
    })
    .onConflictDoNothing({ target: ledgerTransactions.causeKey })
    .returning({ id: ledgerTransactions.id });
  return rows[0]?.id ?? null;
}

export async function transactionIdByCause(ex: Executor, causeKey: string): Promise<number | undefined> {
  const [row] = await ex.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.causeKey, causeKey)).limit(1);
  return row?.id;
}

export async function insertEntries(
  ex: Executor,
  transactionId: number,
  entries: { ledgerAccountId: number; amountCents: number; clawback: boolean }[],
  at: Date,
): Promise<void> {
  await ex.insert(ledgerEntries).values(entries.map((entry) => ({ ...entry, transactionId, createdAt: at })));
}

/** The balances of these owners, per purpose (an account never opened is absent). */
export async function balancesOf(ex: Executor, ownerIds: number[]): Promise<{ ownerId: number; purpose: LedgerPurpose; balanceCents: number }[]> {
  if (ownerIds.length === 0) return [];
  const rows = await ex
    .select({ ownerId: ledgerBalances.ownerId, purpose: ledgerBalances.purpose, balanceCents: ledgerBalances.balanceCents })
    .from(ledgerBalances)
    .where(inArray(ledgerBalances.ownerId, ownerIds));
  return rows.map((row) => ({ ownerId: row.ownerId!, purpose: row.purpose, balanceCents: Number(row.balanceCents) }));
}

export async function platformBalances(ex: Executor): Promise<{ purpose: LedgerPurpose; balanceCents: number }[]> {
  const rows = await ex.select({ purpose: ledgerBalances.purpose, balanceCents: ledgerBalances.balanceCents }).from(ledgerBalances).where(isNull(ledgerBalances.ownerId));
  return rows.map((row) => ({ purpose: row.purpose, balanceCents: Number(row.balanceCents) }));
}

/** One balance row by owner and purpose, unlocked (0 when the account was never opened). */
export async function balanceOf(ex: Executor, ownerId: number | null, purpose: LedgerPurpose): Promise<number> {
  const [row] = await ex
    .select({ balanceCents: ledgerBalances.balanceCents })
    .from(ledgerBalances)
    .where(and(ownerId === null ? isNull(ledgerBalances.ownerId) : eq(ledgerBalances.ownerId, ownerId), eq(ledgerBalances.purpose, purpose)))
    .limit(1);
  return Number(row?.balanceCents ?? 0);
}

/**
 * The ledger's own consistency, for tests and an operator's health check: transactions whose
 * entries do not sum to zero, and balance rows that differ from the sum of their entries.
 */
export async function audit(ex: Executor): Promise<{ unbalancedTransactions: number; driftedBalances: number; driftedTotals: number; entries: number }> {
  const [unbalanced] = await selectRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from (select transaction_id from ${ledgerEntries} group by transaction_id having sum(amount_cents) <> 0) u`,
  );
  const [drifted] = await selectRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ${ledgerBalances} b
          left join (select ledger_account_id, sum(amount_cents) as total from ${ledgerEntries} group by ledger_account_id) e
            on e.ledger_account_id = b.ledger_account_id
         where b.balance_cents <> coalesce(e.total, 0)`,
  );
  const [count] = await selectRows<{ n: number }>(ex, sql`select count(*)::int as n from ${ledgerEntries}`);
  const totals = await purposeTotals(ex);
  const sums = await selectRows<{ purpose: LedgerPurpose; total: string | number }>(
    ex,
    sql`select purpose, sum(balance_cents) as total from ${ledgerBalances} group by purpose`,
  );
  const purposes = new Set<LedgerPurpose>([...totals.keys(), ...sums.map((row) => row.purpose)]);
  const summed = new Map(sums.map((row) => [row.purpose, Number(row.total)]));
  const driftedTotals = [...purposes].filter((purpose) => (totals.get(purpose) ?? 0) !== (summed.get(purpose) ?? 0)).length;
  return {
    unbalancedTransactions: Number(unbalanced?.n ?? 0),
    driftedBalances: Number(drifted?.n ?? 0),
    driftedTotals,
    entries: Number(count?.n ?? 0),
  };
}
