import type { PayeeVerificationState } from '@nearcast/contract';
import type { Executor } from '../../db/client.js';

/**
 * What the settlement module needs of the others, each answered by the module that owns it and
 * wired in module.ts: the ledger (finance), payee verification (verification), the parties
 * (account).
 */

/**
 * What settlements need of the ledger (the finance module owns it), all inside the caller's
 * transaction so that an application or a decision and its money commit together. Each posting
 * is keyed by its cause (`settlement:<id>:apply`, …), so it posts once however often it is tried.
 */
export interface SettlementLedger {
  /** The party's available balance, its row locked until the end of `tx` (0 before any earning). */
  lockAvailable(tx: Executor, accountId: number): Promise<number>;
  /** The party's available balance, read without a lock (the apply form's preview). */
  available(ex: Executor, accountId: number): Promise<number>;
  /** The settlement minimum and fee rate in force (finance settings, edited by the super admin). */
  settlementTerms(ex: Executor): Promise<{ minCents: number; feeBps: number }>;
  /** available → in transit, the gross amount: the funds are reserved for this application. */
  reserve(tx: Executor, posting: SettlementPosting): Promise<void>;
  /** in transit → the party's paid-out account (net) and the platform's fees (fee). */
  payOut(tx: Executor, posting: SettlementPosting & { feeCents: number; netCents: number; reference: string }): Promise<void>;
  /** in transit → available, the gross amount: a cancelled or failed application gives its funds back. */
  release(tx: Executor, posting: SettlementPosting): Promise<void>;
}

export interface SettlementPosting {
  settlementId: number;
  accountId: number;
  grossCents: number;
  actorId: number | null;
}

/** Whether a party's payout details are approved by staff (the verification module answers). */
export interface PayeeVerification {
  isPayoutVerified(accountId: number, ex?: Executor): Promise<boolean>;
  payoutStatusOf(accountIds: number[], ex?: Executor): Promise<Map<number, PayeeVerificationState>>;
}

/** Who the parties of settlements are (the account module answers, once per page). */
export interface PartyDirectory {
  cardsOf(ids: number[], ex?: Executor): Promise<Map<number, { email: string; name: string; username: string; companyShortName: string; accountType: number }>>;
  findById(id: number): Promise<{ id: number; accountType: number; createdAt: Date } | undefined>;
}
