import { LEDGER_PURPOSES, type LedgerPurpose, type LedgerTxKind } from '@nearcast/contract';
import type { Db, Executor } from '../../db/client.js';
import { rejected } from '../../errors.js';
import * as repo from './ledger-repository.js';

/** One leg of a posting: a signed amount on the account of `owner` (null: the platform) for `purpose`. */
export interface PostingEntry {
  owner: number | null;
  purpose: LedgerPurpose;
  amountCents: number;
  /** Allowed to take an `available` balance below zero: a refund of earnings already paid out. */
  clawback?: boolean;
}

export interface Posting {
  kind: LedgerTxKind;
  /** What caused it, unique: the same cause posted twice posts once. */
  causeKey: string;
  entries: PostingEntry[];
  paymentId?: number | null;
  refundId?: number | null;
  settlementId?: number | null;
  ruleVersion?: number | null;
  actorId?: number | null;
  partyId?: number | null;
  remark?: string;
  /** When it happened; now unless a caller replays history (the demo seed). */
  at?: Date;
}

export interface PostResult {
  /** False when the cause had been posted before: nothing changed. */
  posted: boolean;
  transactionId: number;
}

/**
 * Balances a party may not overdraw: money it holds is never negative. `available` may go
 * below zero only through a clawback entry (a refund of earnings already paid out); the next
 * settlement nets it.
 */
const NEVER_NEGATIVE: ReadonlySet<LedgerPurpose> = new Set(['pending', 'available', 'in_transit', 'paid_out', 'refunds']);

export type Balances = Record<LedgerPurpose, number>;
const zeroBalances = (): Balances => Object.fromEntries(LEDGER_PURPOSES.map((purpose) => [purpose, 0])) as Balances;

/**
 * The double-entry ledger (docs/decisions/021): every money movement is one `post` inside the
 * caller's transaction, so it commits or rolls back with its cause.
 */
export class LedgerService {
  constructor(private readonly db: Db) {}

  /**
   * Locks the balances of every account a transaction is about to post to, in one ascending
   * sweep. A transaction that posts several times (a batch of releases) takes its locks here
   * first; otherwise it would lock account by account across its postings, out of the global
   * order, and deadlock with a payment locking some of the same accounts.
   */
  async lockAll(tx: Executor, accounts: { owner: number; purpose: LedgerPurpose }[]): Promise<void> {
    if (accounts.length === 0) return;
    const ids = await repo.ensureAccounts(
      tx,
      accounts.map((account) => ({ ownerId: account.owner, purpose: account.purpose })),
    );
    await repo.lockBalances(tx, [...ids.values()]);
  }

  async post(tx: Executor, posting: Posting): Promise<PostResult> {
    const entries = posting.entries.filter((entry) => entry.amountCents !== 0);
    for (const entry of entries) {
      if (!Number.isSafeInteger(entry.amountCents)) throw new Error(`ledger: amount ${entry.amountCents} is not whole cents`);
    }
    const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
    if (total !== 0) throw new Error(`ledger: entries of ${posting.causeKey} sum to ${total}, not zero`);
    const at = posting.at ?? new Date();
    const amountCents = entries.reduce((sum, entry) => sum + Math.max(0, entry.amountCents), 0);

    // The cause first: a second posting of it stops here, before touching any balance. Two at
    // once queue on the unique key, and the later one finds the earlier one's row.
    const transactionId = await repo.insertTransaction(tx, {
      kind: posting.kind,
      causeKey: posting.causeKey,
      paymentId: posting.paymentId,
      refundId: posting.refundId,
      settlementId: posting.settlementId,
      ruleVersion: posting.ruleVersion,
      actorId: posting.actorId,
      partyId: posting.partyId,
      amountCents,
      remark: posting.remark,
      createdAt: at,
    });
    if (transactionId === null) {
      const existing = await repo.transactionIdByCause(tx, posting.causeKey);
      return { posted: false, transactionId: existing ?? 0 };
    }
    if (entries.length === 0) return { posted: true, transactionId };

    const ids = await repo.ensureAccounts(
      tx,
      entries.map((entry) => ({ ownerId: entry.owner, purpose: entry.purpose })),
    );
    const idOf = (entry: PostingEntry) => ids.get(repo.ledgerKey(entry.owner, entry.purpose))!;
    const balances = await repo.lockBalances(tx, [...ids.values()]);
    const deltas = new Map<number, { delta: number; clawback: boolean; entry: PostingEntry }>();
    for (const entry of entries) {
      const id = idOf(entry);
      const seen = deltas.get(id);
      deltas.set(id, { delta: (seen?.delta ?? 0) + entry.amountCents, clawback: (seen?.clawback ?? false) || entry.clawback === true, entry });
    }
    const updated = new Map<number, number>();
    for (const [id, { delta, clawback, entry }] of deltas) {
      const before = balances.get(id) ?? 0;
      const after = before + delta;
      const guarded = entry.owner !== null && NEVER_NEGATIVE.has(entry.purpose);
      const allowedNegative = clawback && entry.purpose === 'available';
      if (guarded && after < 0 && delta < 0 && !allowedNegative) throw rejected('finance.balance_insufficient');
      if (delta !== 0) updated.set(id, after);
    }
    await repo.setBalances(tx, updated, at);
    const byPurpose = new Map<LedgerPurpose, number>();
    for (const { delta, entry } of deltas.values()) byPurpose.set(entry.purpose, (byPurpose.get(entry.purpose) ?? 0) + delta);
    await repo.addPurposeDeltas(tx, byPurpose);
    await repo.insertEntries(
      tx,
      transactionId,
      entries.map((entry) => ({ ledgerAccountId: idOf(entry), amountCents: entry.amountCents, clawback: entry.clawback === true })),
      at,
    );
    return { posted: true, transactionId };
  }

  /**
   * A party's balance for one purpose, its row locked until the end of `tx` (the account is
   * opened when missing). A settlement application reads `available` this way, so two at once
   * queue and the second sees what the first reserved.
   */
  async lockBalance(tx: Executor, ownerId: number | null, purpose: LedgerPurpose): Promise<number> {
    const ids = await repo.ensureAccounts(tx, [{ ownerId, purpose }]);
    const id = ids.get(repo.ledgerKey(ownerId, purpose))!;
    const balances = await repo.lockBalances(tx, [id]);
    return balances.get(id) ?? 0;
  }

  /** Balances of several parties, every purpose present (0 when never used). */
  async balancesOf(ownerIds: number[], ex: Executor = this.db): Promise<Map<number, Balances>> {
    const result = new Map<number, Balances>(ownerIds.map((id) => [id, zeroBalances()]));
    for (const row of await repo.balancesOf(ex, [...new Set(ownerIds)])) {
      const balances = result.get(row.ownerId) ?? zeroBalances();
      balances[row.purpose] = row.balanceCents;
      result.set(row.ownerId, balances);
    }
    return result;
  }

  /** The platform's own accounts: its revenue, settlement fees and unallocated shares. */
  async platformBalances(ex: Executor = this.db): Promise<{ revenue: number; fees: number; unallocated: number }> {
    const rows = await repo.platformBalances(ex);
    const of = (purpose: LedgerPurpose) => rows.find((row) => row.purpose === purpose)?.balanceCents ?? 0;
    return { revenue: of('revenue'), fees: of('fees'), unallocated: of('unallocated') };
  }

  /** Every ledger account's balance added up per purpose, exact at this moment, in a few rows' read. */
  purposeTotals(ex: Executor = this.db): Promise<Map<LedgerPurpose, number>> {
    return repo.purposeTotals(ex);
  }

  /** Folds the postings' purpose deltas into the totals (the `finance.fold-totals` job); answers how many. */
  foldPurposeTotals(): Promise<number> {
    return this.db.transaction((tx) => repo.foldPurposeDeltas(tx));
  }

  balanceOf(ownerId: number | null, purpose: LedgerPurpose, ex: Executor = this.db): Promise<number> {
    return repo.balanceOf(ex, ownerId, purpose);
  }

  /** Transactions that do not sum to zero and balance rows that differ from their entries (both should be 0). */
  audit(ex: Executor = this.db) {
    return repo.audit(ex);
  }
}
