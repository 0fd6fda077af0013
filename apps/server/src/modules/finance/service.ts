import {
  BILLING_PERIOD_DAYS,
  DEFAULT_COMMISSION_RATES,
  type api,
  type CommissionKind,
  type CommissionRule,
  type FinanceSettings,
  type ParsedRequestOf,
  type Refund,
} from '@nearcast/contract';
import type { Actor, Caller } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, conflict, invalid, notFound, rejected } from '../../errors.js';
import type { AccountService } from '../account/service.js';
import type { EventPayload } from '../events/catalogue.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import type { PaymentFacts, PaymentPort, ProviderRefund } from './payment-port.js';
import { apportion, splitPayment } from './commission.js';
import type { LedgerService, PostingEntry } from './ledger.js';
import * as repo from './repository.js';
import type { CommissionRow, CommissionRuleRow, RefundRow } from './repository.js';

type Body<K extends keyof typeof api.finance> = ParsedRequestOf<(typeof api.finance)[K]>;

const DAY_MS = 86_400_000;
/** Shares released per transaction by the holding-period job: short transactions, bounded locks. */
const RELEASE_BATCH = 200;
/** A refund pending this long was not answered in its own request: the resume job asks again. */
const STALE_REFUND_MS = 10 * 60_000;

function toRule(row: CommissionRuleRow): CommissionRule {
  return { version: row.version, rates: row.rates, note: row.note, created_by: row.createdBy, create_time: row.createdAt.toISOString() };
}

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    payment_id: row.paymentId,
    amount_cents: row.amountCents,
    status: row.status,
    reason: row.reason,
    provider_ref: row.providerRef,
    full: row.full,
    create_time: row.createdAt.toISOString(),
    process_time: row.processedAt ? row.processedAt.toISOString() : null,
  };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface SettingsValues {
  holdingDays: number;
  settlementMinCents: number;
  settlementFeeBps: number;
  updatedAt: Date;
}

/**
 * Commissions, the holding period, refunds and the rules and settings behind them. Every
 * money movement goes through the ledger in the same transaction as its cause.
 */
export class FinanceService {
  constructor(
    private readonly db: Db,
    readonly ledger: LedgerService,
    private readonly accounts: AccountService,
    private readonly events: EventService,
    /** The payment module is built after this one (it posts through it), so it is looked up late. */
    private readonly payments: () => PaymentPort,
    private readonly audit: AuditService,
  ) {}

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

  // ---- refunds ----

  private async facts(paymentId: number, ex: Executor = this.db): Promise<PaymentFacts> {
    const facts = await this.payments().factsOf(ex, paymentId);
    if (!facts) throw notFound('finance.payment_not_found');
    return facts;
  }

  async refundsOf(paymentId: number) {
    await this.facts(paymentId);
    return { list: (await repo.refundsOf(this.db, paymentId)).map(toRefund) };
  }

  /**
   * Staff give money back on a payment, in full (no amount) or in part. The sandbox records it
   * at once; with Stripe the refund is reserved first (so a second one cannot overdraw the
   * payment while Stripe answers), then asked of Stripe, then posted — or, when Stripe reports
   * it by webhook first, posted from there, once.
   */
  async refund(caller: Actor, body: Body<'refund'>) {
    const facts = await this.facts(body.payment_id);
    const reserved = await this.db.transaction(async (tx) => {
      await repo.lockPayment(tx, facts.id);
      const refunded = await repo.refundedOf(tx, facts.id);
      if (refunded.pending > 0) throw conflict('finance.refund_in_progress');
      const remaining = facts.amountCents - refunded.completed;
      if (remaining <= 0) throw conflict('finance.refund_nothing_left');
      const amount = body.amount_cents ?? remaining;
      if (amount > remaining) throw invalid({ amount_cents: { key: 'finance.refund_too_much', params: { amount: dollars(remaining) } } });
      const row = await repo.insertRefund(tx, {
        paymentId: facts.id,
        payerId: facts.accountId,
        amountCents: amount,
        status: 'pending',
        reason: body.reason,
        provider: facts.provider,
        actorId: caller.id,
      });
      const done = facts.provider === 'sandbox' ? await this.completeRefundIn(tx, row, facts, null) : row;
      const settled = done.status === 'completed' ? amount : 0;
      await this.audit.record(tx, caller, {
        action: 'payment.refund',
        target: { id: facts.id },
        before: { refunded_cents: refunded.completed, remaining_cents: remaining },
        after: { refunded_cents: refunded.completed + settled, remaining_cents: remaining - settled, refund_id: row.id, amount_cents: amount, reason: body.reason, status: done.status },
      });
      return done;
    });
    if (reserved.status !== 'pending') return this.refundAnswer(reserved);

    const settled = await this.askProvider(facts, reserved);
    if (settled.status === 'failed') throw rejected('finance.refund_failed');
    return this.refundAnswer(settled);
  }

  /**
   * Asks the provider for a reserved refund and records its answer. The idempotency key is the
   * refund's own id, so asking again (a retry after a crash) never refunds twice at Stripe.
   */
  private async askProvider(facts: PaymentFacts, reserved: RefundRow): Promise<RefundRow> {
    let outcome: ProviderRefund;
    try {
      outcome = await this.payments().refundAtProvider(facts, reserved.amountCents, `refund-${reserved.id}`);
    } catch (error) {
      await this.db.transaction(async (tx) => {
        await repo.lockPayment(tx, facts.id);
        const row = await repo.findRefund(tx, reserved.id);
        if (row?.status === 'pending') await repo.updateRefund(tx, reserved.id, { status: 'failed', processedAt: new Date() });
      });
      throw Object.assign(rejected('finance.refund_failed'), { cause: error });
    }
    const settled = await this.db.transaction(async (tx) => {
      await repo.lockPayment(tx, facts.id);
      const row = (await repo.findRefund(tx, reserved.id))!;
      // The webhook may have completed it already.
      if (row.status !== 'pending') return row;
      if (outcome.state === 'failed') return repo.updateRefund(tx, row.id, { status: 'failed', providerRef: outcome.ref, processedAt: new Date() });
      if (outcome.state === 'pending') return repo.updateRefund(tx, row.id, { providerRef: outcome.ref });
      return this.completeRefundIn(tx, row, facts, outcome.ref);
    });
    return settled;
  }

  /**
   * Refunds left pending for a while — the server stopped between reserving and recording, or
   * Stripe's answer was lost — are asked again under the same key: Stripe answers with the refund
   * it already made (or makes it now), and it is recorded once. Answers how many it settled.
   */
  async resumeStaleRefunds(now: Date = new Date()): Promise<number> {
    let settled = 0;
    for (const row of await repo.stalePendingRefunds(this.db, new Date(now.getTime() - STALE_REFUND_MS), 50)) {
      const facts = await this.facts(row.paymentId);
      const after = await this.askProvider(facts, row).catch(() => undefined);
      if (after && after.status !== 'pending') settled += 1;
    }
    return settled;
  }

  private async refundAnswer(row: RefundRow) {
    const facts = await this.facts(row.paymentId);
    const refunded = await repo.refundedOf(this.db, row.paymentId);
    return { refund: toRefund(row), refunded_cents: refunded.completed, remaining_cents: facts.amountCents - refunded.completed - refunded.pending };
  }

  /**
   * Posts a refund: the payer's refunds account gets the money, and every share of the payment
   * gives back its part in proportion. Parts are computed on the cumulative refunded amount, so
   * partial refunds never drift and a full one takes back each share exactly. A share still in
   * its holding period gives back from pending; one already available gives back from available,
   * which may go below zero (a clawback the next settlement nets). A full refund takes back the
   * plan days the payment bought.
   */
  private async completeRefundIn(tx: Executor, refund: RefundRow, facts: PaymentFacts, providerRef: string | null, at: Date = new Date()): Promise<RefundRow> {
    const before = (await repo.refundedOf(tx, facts.id)).completed;
    const after = before + refund.amountCents;
    if (after > facts.amountCents) throw new AppError('409', 'finance.refund_nothing_left');
    const shares = await repo.lockCommissionsOf(tx, facts.id);
    const entries: PostingEntry[] = [{ owner: facts.accountId, purpose: 'refunds', amountCents: refund.amountCents }];
    const targets = apportion(
      after,
      shares.map((share) => share.amountCents),
    );
    if (shares.length === 0) {
      // A payment from before the ledger: the platform gives it all back from its revenue.
      entries.push({ owner: null, purpose: 'revenue', amountCents: -refund.amountCents });
    }
    shares.forEach((share, index) => {
      const delta = targets[index]! - share.reversedCents;
      if (delta === 0) return;
      if (share.role === 'platform') entries.push({ owner: null, purpose: 'revenue', amountCents: -delta });
      else if (share.role === 'unallocated') entries.push({ owner: null, purpose: 'unallocated', amountCents: -delta });
      else if (share.status === 'pending') entries.push({ owner: share.beneficiaryId, purpose: 'pending', amountCents: -delta });
      else entries.push({ owner: share.beneficiaryId, purpose: 'available', amountCents: -delta, clawback: true });
    });
    const posted = await this.ledger.post(tx, {
      kind: 'refund',
      causeKey: `refund:${refund.id}`,
      entries,
      paymentId: facts.id,
      refundId: refund.id,
      partyId: facts.accountId,
      actorId: refund.actorId,
      remark: refund.reason,
      at,
    });
    const full = after === facts.amountCents;
    const reversals: EventPayload<'payment.refunded'>['reversals'] = [];
    for (const [index, share] of shares.entries()) {
      const target = targets[index]!;
      if (target !== share.reversedCents) {
        reversals.push({ id: share.id, beneficiary_id: share.beneficiaryId, role: share.role, reversed_cents: target - share.reversedCents });
      }
      if (target === share.reversedCents && !(full && share.amountCents > 0)) continue;
      await repo.updateCommission(tx, share.id, { reversedCents: target, ...(full && share.status === 'pending' ? { status: 'reversed' as const } : {}) });
    }
    if (full && facts.packageType !== 'addon') await this.accounts.takeBackPlan(tx, facts.accountId, BILLING_PERIOD_DAYS * facts.periods);
    const row = await repo.updateRefund(tx, refund.id, { status: 'completed', providerRef: providerRef ?? refund.providerRef, transactionId: posted.transactionId, processedAt: at, full });
    await this.events.record(tx, 'payment.refunded', {
      actor_id: refund.actorId,
      subject_id: facts.id,
      account_id: facts.accountId,
      payload: { payment_id: facts.id, order_id: facts.orderId, refund_id: refund.id, amount_cents: refund.amountCents, full, reversals },
    });
    return row;
  }

  /**
   * What Stripe says has been refunded on a payment's charge in total (`charge.refunded`), inside
   * the webhook's transaction: refunds we asked for and Stripe confirmed are completed, and
   * money refunded outside the app (Stripe's dashboard) is recorded as a refund of its own,
   * keyed by the charge and its refunded total so a redelivery records it once.
   */
  async recordProviderRefundIn(tx: Executor, paymentId: number, totalRefundedCents: number, chargeId: string): Promise<'handled' | 'ignored'> {
    const facts = await this.facts(paymentId, tx);
    await repo.lockPayment(tx, facts.id);
    const refunded = await repo.refundedOf(tx, facts.id);
    const extra = Math.min(totalRefundedCents, facts.amountCents) - refunded.completed - refunded.pending;
    if (extra < 0) return 'ignored';
    let handled = false;
    for (const row of await repo.refundsOf(tx, facts.id)) {
      if (row.status !== 'pending') continue;
      await this.completeRefundIn(tx, row, facts, row.providerRef);
      handled = true;
    }
    if (extra > 0) {
      const ref = `${chargeId}:${totalRefundedCents}`;
      if (!(await repo.refundByProviderRef(tx, ref))) {
        const row = await repo.insertRefund(tx, { paymentId: facts.id, payerId: facts.accountId, amountCents: extra, status: 'pending', reason: '', provider: 'stripe', providerRef: ref });
        await this.completeRefundIn(tx, row, facts, ref);
        handled = true;
      }
    }
    return handled ? 'handled' : 'ignored';
  }
}

const toShares = (rows: readonly CommissionRow[]): EventPayload<'payment.completed'>['shares'] =>
  rows.map((row) => ({ id: row.id, beneficiary_id: row.beneficiaryId, role: row.role, amount_cents: row.amountCents }));
