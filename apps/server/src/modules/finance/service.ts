import {
  DEFAULT_COMMISSION_RATES,
  type api,
  type CommissionKind,
  type CommissionRule,
  type FinanceSettings,
  type ParsedRequestOf,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import type { AccountService } from '../account/service.js';
import type { EventPayload } from '../events/catalogue.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import type { PaymentFacts, PaymentPort } from './payment-port.js';
import { splitPayment } from './commission.js';
import { FinanceRefunds } from './finance-refunds.js';
import type { LedgerService, PostingEntry } from './ledger.js';
import * as repo from './repository.js';
import type { CommissionRow, CommissionRuleRow } from './repository.js';

type Body<K extends keyof typeof api.finance> = ParsedRequestOf<(typeof api.finance)[K]>;

const DAY_MS = 86_400_000;
/** Shares released per transaction by the holding-period job: short transactions, bounded locks. */
const RELEASE_BATCH = 200;

function toRule(row: CommissionRuleRow): CommissionRule {
  return { version: row.version, rates: row.rates, note: row.note, created_by: row.createdBy, create_time: row.createdAt.toISOString() };
}

export interface SettingsValues {
  holdingDays: number;
  settlementMinCents: number;
  settlementFeeBps: number;
  updatedAt: Date;
}

/**
 * Commissions, the holding period, refunds and the rules and settings behind them. Every
 * money movement goes through the ledger in the same transaction as its cause.
 * The refunds are their own part (finance-refunds.ts); this class answers for them too, so
 * its callers keep one finance service.
 */
export class FinanceService {
  private readonly refunds: FinanceRefunds;

  constructor(
    private readonly db: Db,
    readonly ledger: LedgerService,
    private readonly accounts: AccountService,
    private readonly events: EventService,
    /** The payment module is built after this one (it posts through it), so it is looked up late. */
    payments: () => PaymentPort,
    private readonly audit: AuditService,
  ) {
    this.refunds = new FinanceRefunds(db, ledger, accounts, events, payments, audit);
  }

  // ---- settings and rules ----

  async settings(ex: Executor = this.db): Promise<SettingsValues> {
    const row = await repo.settings(ex);
    return { holdingDays: row.holdingDays, settlementMinCents: row.settlementMinCents, settlementFeeBps: row.settlementFeeBps, updatedAt: row.updatedAt };
  }

  async settingsView(): Promise<FinanceSettings> {
    const row = await this.settings();
    return { holding_days: row.holdingDays, settlement_min_cents: row.settlementMinCents, settlement_fee_bps: row.settlementFeeBps, update_time: row.updatedAt.toISOString() };
  }

  async updateSettings(caller: Caller, body: Body<'settingsUpdate'>): Promise<FinanceSettings> {
    await this.db.transaction(async (tx) => {
      const before = await this.settings(tx);
      const changes = {
        ...(body.holding_days !== undefined ? { holdingDays: body.holding_days } : {}),
        ...(body.settlement_min_cents !== undefined ? { settlementMinCents: body.settlement_min_cents } : {}),
        ...(body.settlement_fee_bps !== undefined ? { settlementFeeBps: body.settlement_fee_bps } : {}),
      };
      await repo.updateSettings(tx, changes, caller.id);
      const view = (row: { holdingDays: number; settlementMinCents: number; settlementFeeBps: number }) => ({
        holding_days: row.holdingDays,
        settlement_min_cents: row.settlementMinCents,
        settlement_fee_bps: row.settlementFeeBps,
      });
      await this.audit.record(tx, caller, { action: 'finance_settings.update', target: { id: 1 }, before: view(before), after: view({ ...before, ...changes }) });
    });
    return this.settingsView();
  }

  private async currentRule(ex: Executor): Promise<CommissionRuleRow> {
    const row = await repo.currentRule(ex);
    if (row) return row;
    // The migration seeds version 1; a database emptied by hand gets it back with the defaults.
    return repo.insertRule(ex, DEFAULT_COMMISSION_RATES, 'Defaults', null);
  }

  async rules() {
    const current = await this.currentRule(this.db);
    const history = await repo.rules(this.db, 100);
    return { current: toRule(current), history: history.filter((row) => row.version !== current.version).map(toRule) };
  }

  /** A new version: payments from now on use it; postings already made keep the version they used. */
  async updateRules(caller: Caller, body: Body<'rulesUpdate'>) {
    await this.db.transaction(async (tx) => {
      const before = await this.currentRule(tx);
      const row = await repo.insertRule(tx, body.rates, body.note, caller.id);
      await this.audit.record(tx, caller, {
        action: 'commission_rules.update',
        target: { id: row.version, label: body.note || null },
        before: { version: before.version, rates: before.rates },
        after: { version: row.version, rates: row.rates, note: row.note },
      });
    });
    return this.rules();
  }

  // ---- commissions ----

  /**
   * Splits a payment into its shares and posts them, inside the fulfilment transaction: the
   * payment and its commissions exist together or not at all. Posting the same payment again
   * changes nothing (its cause key is the payment). Answers the payment's shares, which its
   * `payment.completed` event carries to the readers of commissions.
   */
  async postPaymentIn(tx: Executor, payment: PaymentFacts): Promise<EventPayload<'payment.completed'>['shares']> {
    const rule = await this.currentRule(tx);
    const scope = await this.accounts.eventScope(tx, payment.accountId);
    // A studio pays for its membership (or an add-on): its recruiting agent shares in it. A
    // studio's own scope names itself as its studio, which is how a studio's add-on is told apart.
    const kind: CommissionKind = payment.packageType === 'studio' || scope.studioId === payment.accountId ? 'membership' : 'merchant';
    const network =
      kind === 'membership'
        ? { studioId: null, agentId: scope.agentId, mainAgentId: scope.mainAgentId }
        : { studioId: scope.studioId, agentId: scope.agentId, mainAgentId: scope.mainAgentId };
    const shares = splitPayment(payment.amountCents, kind, rule.rates, network);
    const at = payment.createdAt;
    const { holdingDays } = await this.settings(tx);
    const availableAt = new Date(at.getTime() + holdingDays * DAY_MS);

    const entries: PostingEntry[] = [{ owner: payment.accountId, purpose: 'payments', amountCents: -payment.amountCents }];
    for (const share of shares) {
      if (share.role === 'platform') entries.push({ owner: null, purpose: 'revenue', amountCents: share.amountCents });
      else if (share.role === 'unallocated') entries.push({ owner: null, purpose: 'unallocated', amountCents: share.amountCents });
      else entries.push({ owner: share.beneficiaryId, purpose: 'pending', amountCents: share.amountCents });
    }
    const result = await this.ledger.post(tx, {
      kind: 'payment',
      causeKey: `payment:${payment.id}`,
      entries,
      paymentId: payment.id,
      ruleVersion: rule.version,
      partyId: payment.accountId,
      remark: payment.description,
      at,
    });
    if (!result.posted) return toShares(await repo.commissionsOf(tx, payment.id));
    const inserted = await repo.insertCommissions(
      tx,
      shares.map((share) => {
        const held = share.beneficiaryId !== null;
        return {
          paymentId: payment.id,
          payerId: payment.accountId,
          beneficiaryId: share.beneficiaryId,
          role: share.role,
          kind,
          ruleVersion: rule.version,
          rateBps: share.rateBps,
          baseCents: payment.amountCents,
          amountCents: share.amountCents,
          // The platform's own shares are not held: the holding period protects the earners.
          status: held ? ('pending' as const) : ('available' as const),
          availableAt: held ? availableAt : at,
          releasedAt: held ? null : at,
          transactionId: result.transactionId,
          createdAt: at,
        };
      }),
    );
    return toShares(inserted);
  }

  /**
   * Makes earnings whose holding period has ended available: each share in its own posting
   * (cause `release:<share>`), in batches, skipping rows another instance is releasing.
   * Answers how many shares it released.
   */
  async releaseDue(now: Date = new Date()): Promise<number> {
    let released = 0;
    for (;;) {
      const count = await this.db.transaction(async (tx) => {
        const due = await repo.lockDue(tx, now, RELEASE_BATCH);
        await this.ledger.lockAll(
          tx,
          due.flatMap((share) =>
            share.beneficiaryId !== null && share.amountCents > share.reversedCents
              ? [
                  { owner: share.beneficiaryId, purpose: 'pending' as const },
                  { owner: share.beneficiaryId, purpose: 'available' as const },
                ]
              : [],
          ),
        );
        for (const share of due) await this.releaseIn(tx, share, now);
        return due.length;
      });
      released += count;
      if (count < RELEASE_BATCH) return released;
    }
  }

  private async releaseIn(tx: Executor, share: CommissionRow, now: Date): Promise<void> {
    const remaining = share.amountCents - share.reversedCents;
    if (share.beneficiaryId !== null && remaining > 0) {
      await this.ledger.post(tx, {
        kind: 'release',
        causeKey: `release:${share.id}`,
        entries: [
          { owner: share.beneficiaryId, purpose: 'pending', amountCents: -remaining },
          { owner: share.beneficiaryId, purpose: 'available', amountCents: remaining },
        ],
        paymentId: share.paymentId,
        partyId: share.beneficiaryId,
        at: now,
      });
      // The earner may now apply for it: the notification center tells them, dashboards count it.
      await this.events.record(tx, 'commission.available', {
        actor_id: null,
        subject_id: share.id,
        account_id: share.beneficiaryId,
        // A release run for a time past (the demo's history) keeps that time, and tells nobody now.
        ...(now.getTime() < Date.now() ? { at: now } : {}),
        payload: { commission_id: share.id, payment_id: share.paymentId, payer_id: share.payerId, role: share.role, amount_cents: remaining },
      });
    }
    await repo.updateCommission(tx, share.id, { status: remaining > 0 ? 'available' : 'reversed', releasedAt: now });
  }

  // ---- refunds (finance-refunds.ts) ----

  refundsOf(...args: Parameters<FinanceRefunds['refundsOf']>) {
    return this.refunds.refundsOf(...args);
  }

  refund(...args: Parameters<FinanceRefunds['refund']>) {
    return this.refunds.refund(...args);
  }

  resumeStaleRefunds(now: Date = new Date()): Promise<number> {
    return this.refunds.resumeStaleRefunds(now);
  }

  recordProviderRefundIn(...args: Parameters<FinanceRefunds['recordProviderRefundIn']>): Promise<'handled' | 'ignored'> {
    return this.refunds.recordProviderRefundIn(...args);
  }
}

const toShares = (rows: readonly CommissionRow[]): EventPayload<'payment.completed'>['shares'] =>
  rows.map((row) => ({ id: row.id, beneficiary_id: row.beneficiaryId, role: row.role, amount_cents: row.amountCents }));
