import type { LedgerPurpose, LedgerTxKind } from '@nearcast/contract';
import type { Executor } from '../../db/client.js';
import type { SettlementLedger } from './ports.js';

/** What settlements use of the finance module's ledger (its posting service). */
export interface LedgerPosting {
  post(
    tx: Executor,
    posting: {
      kind: LedgerTxKind;
      causeKey: string;
      entries: { owner: number | null; purpose: LedgerPurpose; amountCents: number }[];
      settlementId?: number;
      actorId?: number | null;
      partyId?: number;
      remark?: string;
    },
  ): Promise<{ posted: boolean; transactionId: number }>;
  lockBalance(tx: Executor, ownerId: number, purpose: LedgerPurpose): Promise<number>;
  balancesOf(ownerIds: number[], ex?: Executor): Promise<Map<number, Record<LedgerPurpose, number>>>;
}

/** What settlements use of the finance settings: the minimum and the fee, edited by the super admin. */
export interface SettlementTermsSource {
  settings(ex?: Executor): Promise<{ settlementMinCents: number; settlementFeeBps: number }>;
}

/**
 * The ledger as settlements see it. Each cause has one key, so a posting tried twice posts once:
 * applying moves the gross from available to in transit; paying moves it on to the party's
 * paid-out account (net) and the platform's fees (fee); a cancelled or failed application moves
 * it back to available. Nothing here lets an available balance go below zero: the ledger
 * refuses any non-clawback entry that would.
 */
export function settlementLedger(ledger: LedgerPosting, terms: SettlementTermsSource): SettlementLedger {
  return {
    lockAvailable: (tx, accountId) => ledger.lockBalance(tx, accountId, 'available'),
    async available(ex, accountId) {
      return (await ledger.balancesOf([accountId], ex)).get(accountId)?.available ?? 0;
    },
    async settlementTerms(ex) {
      const settings = await terms.settings(ex);
      return { minCents: settings.settlementMinCents, feeBps: settings.settlementFeeBps };
    },
    async reserve(tx, p) {
      await ledger.post(tx, {
        kind: 'settlement_apply',
        causeKey: `settlement:${p.settlementId}:apply`,
        settlementId: p.settlementId,
        partyId: p.accountId,
        actorId: p.actorId,
        entries: [
          { owner: p.accountId, purpose: 'available', amountCents: -p.grossCents },
          { owner: p.accountId, purpose: 'in_transit', amountCents: p.grossCents },
        ],
      });
    },
    async payOut(tx, p) {
      await ledger.post(tx, {
        kind: 'settlement_paid',
        causeKey: `settlement:${p.settlementId}:paid`,
        settlementId: p.settlementId,
        partyId: p.accountId,
        actorId: p.actorId,
        remark: p.reference,
        // A fee of nothing (a zero rate) is no leg at all.
        entries: [
          { owner: p.accountId, purpose: 'in_transit' as const, amountCents: -p.grossCents },
          { owner: p.accountId, purpose: 'paid_out' as const, amountCents: p.netCents },
          { owner: null, purpose: 'fees' as const, amountCents: p.feeCents },
        ].filter((entry) => entry.amountCents !== 0),
      });
    },
    async release(tx, p) {
      await ledger.post(tx, {
        kind: 'settlement_release',
        causeKey: `settlement:${p.settlementId}:release`,
        settlementId: p.settlementId,
        partyId: p.accountId,
        actorId: p.actorId,
        entries: [
          { owner: p.accountId, purpose: 'in_transit', amountCents: -p.grossCents },
          { owner: p.accountId, purpose: 'available', amountCents: p.grossCents },
        ],
      });
    },
  };
}
