import {
  BILLING_PERIOD_DAYS,
  isStaff,
  PACKAGE_BUYERS,
  STUDIO_PLACES_PER_CITY,
  type api,
  type Order,
  type ParsedRequestOf,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import { hasActivePlan } from '../../access/plan.js';
import { StripeProvider, type PaymentProvider, type RetrievedSession } from '../../adapters/payments/index.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, conflict, invalid, notFound, rejected, tooMany } from '../../errors.js';
import { toCurrentUser } from '../account/presenter.js';
import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import type { EventService } from '../events/service.js';
import type { PaymentFacts, ProviderRefund } from '../finance/payment-port.js';
import type { FinanceService } from '../finance/service.js';
import type { CityReservations } from '../waitlist/service.js';
import { firstPurchaseFor, type PricingService } from '../pricing/service.js';
import * as repo from './repository.js';
import type { OrderRow } from './repository.js';

type Body<K extends keyof typeof api.payment> = ParsedRequestOf<(typeof api.payment)[K]>;

export interface FulfilOptions {
  /** When the payment happened; now unless history is replayed (the demo seed's back-dated payments). */
  at?: Date;
}

/** Open (pending, not yet lapsed) checkouts one account may hold at once. */
export const MAX_OPEN_CHECKOUTS = 3;
/** Checkouts one account may open per window, whatever became of them. */
export const MAX_CHECKOUTS_PER_WINDOW = 10;
const CHECKOUT_WINDOW_MS = 60 * 60_000;

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    package_id: row.packageId,
    package_name: row.packageName,
    package_type: row.packageType,
    periods: row.periods,
    amount_cents: row.amountCents,
    discount_cents: row.discountCents,
    status: row.status,
    provider: row.provider,
    city_id: row.cityId,
    create_time: row.createdAt.toISOString(),
    paid_time: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** A city's waitlist, as a studio checkout must respect it (the waitlist module answers). */
export interface CityLine {
  reservationsIn(ex: Executor, cityId: number, accountId?: number): Promise<CityReservations>;
}

/** A city's studio places as one account sees them: who holds one, and who is served first. */
interface CityPlacesSeen {
  /** Paid studios, the account itself left out (a renewal keeps its own place). */
  paid: number;
  /** Others' pending checkouts and offered places, each applicant once. */
  held: number;
  /** Applicants waiting in line ahead of the account (all, when it is not in line). */
  waitingAhead: number;
  inLine: number;
}

export interface PaymentOptions {
  publicUrl: string;
  holdMinutes: number;
}

/**
 * Checkout, verification and fulfilment. Fulfilment is one function and one
 * transaction, safe to repeat: callback and webhook, twice or at once, pay an order once.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    readonly provider: PaymentProvider,
    private readonly accounts: AccountService,
    private readonly pricing: PricingService,
    private readonly areas: AreaService,
    private readonly options: PaymentOptions,
    private readonly events: EventService,
    private readonly finance: FinanceService,
    private readonly line: CityLine,
  ) {}

  /** The payment an order became, for modules that hear of the order (`payment.completed`). */
  paymentIdOfOrder(ex: Executor, orderId: number): Promise<number | undefined> {
    return repo.paymentIdOfOrder(ex, orderId);
  }

  async factsOf(ex: Executor, paymentId: number): Promise<PaymentFacts | undefined> {
    const row = await repo.paymentWithOrder(ex, paymentId);
    if (!row) return undefined;
    const { payment, order } = row;
    return {
      id: payment.id,
      orderId: order.id,
      accountId: payment.accountId,
      amountCents: payment.amountCents,
      provider: payment.provider,
      providerRef: payment.providerRef,
      packageType: order.packageType,
      periods: order.periods,
      description: order.periods > 1 ? `${order.packageName} × ${order.periods}` : order.packageName,
      createdAt: payment.createdAt,
    };
  }

  /**
   * Gives money back through the provider that took it. The sandbox has nothing to call: its
   * refunds are recorded directly. Stripe refunds the checkout's payment.
   */
  async refundAtProvider(payment: PaymentFacts, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    if (payment.provider === 'sandbox') return { ref: null, state: 'completed' };
    if (!(this.provider instanceof StripeProvider)) throw new Error('Stripe is not configured: a Stripe payment cannot be refunded');
    return this.provider.refund(payment.providerRef, amountCents, idempotencyKey);
  }

  /**
   * An account's purchase history for its detail: the plan it paid for last and its newest
   * payments. Callers check the account is in their scope first.
   */
  async historyOf(accountId: number, limit: number) {
    const [plan, paid] = await Promise.all([repo.lastPaidPlan(this.db, accountId), repo.paidOrders(this.db, accountId, limit)]);
    return {
      plan: plan ? { package_id: plan.packageId, package_name: plan.packageName, periods: plan.periods, paid_time: (plan.paidAt ?? plan.createdAt).toISOString() } : null,
      payments: paid.map(toOrder),
    };
  }

  /**
   * What a receipt of one payment shows: the order as it was sold and the provider's reference.
   * Callers check the payment is in their scope first.
   */
  async receiptFacts(paymentId: number) {
    const row = await repo.paymentWithOrder(this.db, paymentId);
    if (!row) return undefined;
    return {
      payment_id: row.payment.id,
      account_id: row.payment.accountId,
      amount_cents: row.payment.amountCents,
      provider: row.payment.provider,
      provider_ref: row.payment.providerRef,
      paid_time: row.payment.createdAt.toISOString(),
      order: toOrder(row.order),
    };
  }

  /** The caller's own plan: the last plan (not an add-on) it paid for, or null. */
  async planOf(caller: Caller) {
    const plan = await repo.lastPaidPlan(this.db, caller.id);
    return {
      plan: plan ? { package_id: plan.packageId, package_name: plan.packageName, package_type: plan.packageType, paid_time: (plan.paidAt ?? plan.createdAt).toISOString() } : null,
    };
  }

  /**
   * What an account's plan cost for a month (a 30-day period), as of a time: the last plan it
   * paid for before then, its amount over its periods. null when it had paid for none.
   */
  async monthlyPriceAt(accountId: number, at: Date): Promise<{ name: string; priceCents: number } | null> {
    const plan = await repo.lastPaidPlanBefore(this.db, accountId, at);
    return plan ? { name: plan.packageName, priceCents: Math.round(plan.amountCents / plan.periods) } : null;
  }

  /**
   * A city's studio places as `accountId` sees them: paid studios, pending studio orders and
   * places offered to the city's waitlist are taken; applicants waiting ahead are served first.
   */
  private async placesSeen(ex: Executor, cityId: number, accountId?: number): Promise<CityPlacesSeen> {
    const paid = await this.accounts.countPaidStudiosIn(ex, cityId, accountId);
    const holders = await repo.placeHolders(ex, cityId);
    const line = await this.line.reservationsIn(ex, cityId, accountId);
    const held = new Set([...holders, ...line.offered]);
    if (accountId !== undefined) held.delete(accountId);
    const waitingAhead = line.waitingAhead.filter((id) => !held.has(id)).length;
    return { paid, held: held.size, waitingAhead, inLine: line.inLine };
  }

  /** Places the city's waitlist may be offered now: none paid for, in checkout or offered. */
  async freeForLine(ex: Executor, cityId: number): Promise<number> {
    const seen = await this.placesSeen(ex, cityId);
    return Math.max(0, STUDIO_PLACES_PER_CITY - seen.paid - seen.held);
  }

  /** Places `accountId` could buy in the city now. */
  async leftFor(ex: Executor, cityId: number, accountId: number | undefined): Promise<number> {
    const seen = await this.placesSeen(ex, cityId, accountId);
    return Math.max(0, STUDIO_PLACES_PER_CITY - seen.paid - seen.held - seen.waitingAhead);
  }

  async places(caller: Caller | null, cityId: number) {
    const city = await this.areas.find(cityId);
    if (!city || city.type !== 'city') throw notFound('area.not_found');
    // Taken counts every holder, the caller too (its own checkout holds a place); left is what
    // the caller could buy, its own hold or offer included and those waiting ahead served first.
    const all = await this.placesSeen(this.db, cityId);
    const left = caller ? await this.leftFor(this.db, cityId, caller.id) : Math.max(0, STUDIO_PLACES_PER_CITY - all.paid - all.held - all.waitingAhead);
    const taken = Math.min(STUDIO_PLACES_PER_CITY, all.paid + all.held);
    return { city_id: city.id, city_name: city.name, limit: STUDIO_PLACES_PER_CITY, taken, left, waiting: all.inLine };
  }

  async checkout(caller: Caller, body: Body<'stripe'>) {
    const providerKind = this.provider.kind;
    if (providerKind === 'none') throw rejected('payment.unavailable');
    const pkg = await this.pricing.visible(caller, body.package_id).catch(() => {
      throw invalid({ package_id: 'payment.package_unavailable' });
    });
    if (pkg.status !== 'enabled') throw invalid({ package_id: 'payment.package_unavailable' });
    if (!PACKAGE_BUYERS[pkg.type].includes(caller.role)) throw rejected('payment.package_wrong_role');
    // An add-on adds to a running plan; bought alone it would make an account "paid" without one.
    // Running means not past its end either, as plan gating reads it (docs/decisions/053).
    if (pkg.type === 'addon' && !hasActivePlan(caller.account)) throw rejected('payment.addon_needs_plan');

    const discount = firstPurchaseFor(caller) ? pkg.discountCents : 0;
    const amount = pkg.actualPriceCents * body.periods - discount;
    const holdUntil = new Date(Date.now() + this.options.holdMinutes * 60_000);

    // A studio's place in its city is decided here, before any money moves, one checkout per
    // city at a time: the city row is locked while places are counted and the order is written.
    const city = pkg.type === 'studio' && body.city_id !== undefined ? await this.areas.find(body.city_id) : undefined;
    if (pkg.type === 'studio' && city?.type !== 'city') throw invalid({ city_id: 'payment.city_required' });
    const order = await this.db.transaction(async (tx) => {
      await this.admitCheckout(tx, caller.id);
      let cityId: number | null = null;
      if (city) {
        await this.areas.lock(tx, city.id);
        // Places offered to the city's waitlist are not for sale to others, and those waiting are served first.
        if ((await this.leftFor(tx, city.id, caller.id)) <= 0) throw conflict('payment.city_full', { city: city.name });
        cityId = city.id;
      }
      return repo.insertOrder(tx, {
        accountId: caller.id,
        packageId: pkg.id,
        packageName: pkg.name,
        packageType: pkg.type,
        periods: body.periods,
        amountCents: amount,
        discountCents: discount,
        provider: providerKind,
        cityId,
        holdUntil: cityId ? holdUntil : null,
      });
    });

    try {
      const session = await this.provider.createCheckout({
        orderId: order.id,
        description: body.periods > 1 ? `${pkg.name} × ${body.periods}` : pkg.name,
        amountCents: amount,
        customerEmail: caller.account.email,
        successUrl: `${new URL('/payment', this.options.publicUrl).toString()}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: new URL('/', this.options.publicUrl).toString(),
        expiresAt: holdUntil,
      });
      await repo.setOrderSession(this.db, order.id, session.sessionId);
      return { order_id: order.id, session_id: session.sessionId, url: session.url, amount_cents: amount, provider: providerKind };
    } catch (error) {
      await repo.markOrder(this.db, order.id, 'failed');
      throw Object.assign(new AppError('500', 'payment.provider_failed'), { cause: error });
    }
  }

  /**
   * One account may open only a few checkouts at once and a bounded number an hour: each one
   * writes an order and a provider session, and a studio's holds a city place. The account's
   * checkouts are serialized by a transaction lock, so concurrent requests count each other.
   */
  private async admitCheckout(tx: Executor, accountId: number): Promise<void> {
    await repo.lockAccountCheckouts(tx, accountId);
    const now = Date.now();
    const holdMs = this.options.holdMinutes * 60_000;
    const load = await repo.checkoutLoad(tx, accountId, { recentSince: new Date(now - CHECKOUT_WINDOW_MS), openSince: new Date(now - holdMs) });
    const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
    if (load.open >= MAX_OPEN_CHECKOUTS && load.oldestOpen) {
      throw tooMany('payment.too_many_checkouts', { seconds: secondsUntil(load.oldestOpen.getTime() + holdMs) });
    }
    if (load.recent >= MAX_CHECKOUTS_PER_WINDOW && load.oldestRecent) {
      throw tooMany('payment.too_many_checkouts', { seconds: secondsUntil(load.oldestRecent.getTime() + CHECKOUT_WINDOW_MS) });
    }
  }

  /** `/payment?session_id=…` asks here: the provider says what happened, and a payment is fulfilled. */
  async verify(caller: Caller, sessionId: string) {
    const order = await repo.findOrderBySession(this.db, sessionId);
    const mine = order && (order.accountId === caller.id || isStaff(caller.role));
    if (!order || !mine) throw notFound('payment.session_unknown');
    const settled = await this.settle(order, await this.provider.retrieve(sessionId));
    const buyer = settled.accountId === caller.id ? await this.accounts.findById(caller.id) : undefined;
    return { status: settled.status, order: toOrder(settled), user: buyer ? toCurrentUser(buyer, caller.token) : null };
  }

  /** Brings an order in line with its provider session. */
  private async settle(order: OrderRow, session: RetrievedSession): Promise<OrderRow> {
    if (session.orderId !== null && session.orderId !== order.id) return order;
    switch (session.state) {
      case 'paid':
        return this.fulfil(order.id, order.sessionId ?? '');
      case 'failed':
      case 'cancelled':
        return order.status === 'pending' ? repo.markOrder(this.db, order.id, session.state === 'failed' ? 'failed' : 'cancelled') : order;
      default:
        return order;
    }
  }

  /** Pays an order: idempotent, one transaction. */
  fulfil(orderId: number, providerRef: string, options: FulfilOptions = {}): Promise<OrderRow> {
    return this.db.transaction((tx) => this.fulfilIn(tx, orderId, providerRef, options));
  }

  async fulfilIn(tx: Executor, orderId: number, providerRef: string, options: FulfilOptions = {}): Promise<OrderRow> {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound('payment.session_unknown');
    if (order.status === 'paid') return order;
    const at = options.at ?? new Date();
    const payment = await repo.insertPayment(tx, { orderId, accountId: order.accountId, amountCents: order.amountCents, provider: order.provider, providerRef, createdAt: at });
    if (!payment) return order;
    const paid = await repo.markOrder(tx, orderId, 'paid', at);
    // The commissions, in this same transaction: a payment and its commissions exist together or not at all.
    const shares = await this.finance.postPaymentIn(tx, (await this.factsOf(tx, payment.id))!);
    let place;
    if (order.cityId) {
      const city = await this.areas.find(order.cityId, tx);
      const state = city?.parentId ? await this.areas.find(city.parentId, tx) : undefined;
      const country = state?.parentId ? await this.areas.find(state.parentId, tx) : undefined;
      // The whole path, so the settle form opens on the studio's city.
      if (city) {
        place = {
          cityId: city.id,
          city: city.name,
          stateId: state?.id ?? null,
          state: state?.name ?? '',
          countryId: country?.id ?? null,
          country: country?.name ?? '',
        };
      }
    }
    await this.accounts.applyPurchase(tx, order.accountId, {
      amountCents: order.amountCents,
      days: order.packageType === 'addon' ? 0 : BILLING_PERIOD_DAYS * order.periods,
      usedFirstDiscount: order.discountCents > 0,
      place,
    });
    await this.events.record(tx, 'payment.completed', {
      actor_id: order.accountId,
      subject_id: order.id,
      account_id: order.accountId,
      // History written by a seed happened when its payment did.
      ...(options.at ? { at } : {}),
      payload: {
        order_id: order.id,
        payment_id: payment.id,
        package_type: order.packageType,
        amount_cents: order.amountCents,
        periods: order.periods,
        provider: order.provider,
        // Read by the activity feed: "renewed its plan" rather than "bought a plan".
        renewal: await repo.paidBefore(tx, order.accountId, payment.id),
        shares,
      },
    });
    return paid;
  }

  /** A Stripe event, recorded and acted on in one transaction: a redelivery changes nothing. */
  async handleStripeEvent(event: { id: string; type: string; session: RetrievedSession & { sessionId: string } }): Promise<'handled' | 'duplicate' | 'ignored'> {
    return this.db.transaction(async (tx) => {
      if (!(await repo.recordWebhookEvent(tx, event.id, event.type))) return 'duplicate';
      const order = await repo.findOrderBySession(tx, event.session.sessionId);
      if (!order || (event.session.orderId !== null && event.session.orderId !== order.id)) return 'ignored';
      if (event.session.state === 'paid') {
        await this.fulfilIn(tx, order.id, event.session.sessionId);
        return 'handled';
      }
      if ((event.session.state === 'failed' || event.session.state === 'cancelled') && order.status === 'pending') {
        await repo.markOrder(tx, order.id, event.session.state === 'failed' ? 'failed' : 'cancelled');
        return 'handled';
      }
      return 'ignored';
    });
  }

  /**
   * Stripe's `charge.refunded`: recorded with the event id and acted on in one transaction, so a
   * redelivery changes nothing; the finance module posts what Stripe refunded.
   */
  async handleStripeChargeRefunded(event: { id: string; type: string; orderId: number | null; totalRefundedCents: number; chargeId: string }): Promise<'handled' | 'duplicate' | 'ignored'> {
    return this.db.transaction(async (tx) => {
      if (!(await repo.recordWebhookEvent(tx, event.id, event.type))) return 'duplicate';
      const paymentId = event.orderId === null ? undefined : await repo.paymentIdOfOrder(tx, event.orderId);
      if (paymentId === undefined) return 'ignored';
      return this.finance.recordProviderRefundIn(tx, paymentId, event.totalRefundedCents, event.chargeId);
    });
  }
}
