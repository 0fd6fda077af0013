import { BILLING_PERIOD_DAYS, type api, type ParsedRequestOf, type Refund } from '@nearcast/contract';
import type { Actor } from '../../access/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, conflict, invalid, notFound, rejected } from '../../errors.js';
import type { AccountService } from '../account/service.js';
import type { EventPayload } from '../events/catalogue.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import type { PaymentFacts, PaymentPort, ProviderRefund } from './payment-port.js';
import { apportion } from './commission.js';
import type { LedgerService, PostingEntry } from './ledger.js';
import * as repo from './repository.js';
import type { RefundRow } from './repository.js';

type Body<K extends keyof typeof api.finance> = ParsedRequestOf<(typeof api.finance)[K]>;

/** A refund pending this long was not answered in its own request: the resume job asks again. */
const STALE_REFUND_MS = 10 * 60_000;

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

/**
 * Refunds: money given back on a payment, asked of the provider under a key that cannot refund
 * twice, and each share of the payment taking back its part. Apart from the commissions and
 * rules because a refund lives across the provider's answer (reserved, asked, settled or
 * resumed) and Stripe's webhooks, which a payment's split never does.
 */
export class FinanceRefunds {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly accounts: AccountService,
    private readonly events: EventService,
    /** The payment module is built after the finance module (it posts through it), so it is looked up late. */
    private readonly payments: () => PaymentPort,
    private readonly audit: AuditService,
  ) {}

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
