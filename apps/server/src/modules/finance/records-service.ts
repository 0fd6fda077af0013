import {
  FINANCE_RECORDS_COUNT_CAP,
  isStaff,
  type api,
  type BalanceResponse,
  type FinanceRecord,
  type FinanceRecordType,
  type Language,
  type ParsedRequestOf,
  type PartyBalances,
  type PlatformSummary,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import { cardName } from '../account/presenter.js';
import type { AccountService } from '../account/service.js';
import type { Balances, LedgerService } from './ledger.js';
import type { PaymentPort } from './payment-port.js';
import { countryName, receiptNumber, receiptPdf } from './receipt-pdf.js';
import * as repo from './records-repository.js';

type Body<K extends keyof typeof api.finance> = ParsedRequestOf<(typeof api.finance)[K]>;

const TYPE_PREFIX: Record<FinanceRecordType, string> = { payment: 'P', commission: 'C', refund: 'R', settlement: 'S' };
const TYPE_DIGIT: Record<FinanceRecordType, number> = { payment: 1, commission: 2, refund: 3, settlement: 4 };

const iso = (value: Date | string) => new Date(value).toISOString();

/** How a party is named in a list: the one party-name rule (its company first), null when unknown. */
export function partyName(card: { companyShortName: string; name: string; username: string; email: string } | undefined): string | null {
  return card ? cardName(card) || null : null;
}

export function toPartyBalances(balances: Balances | undefined): PartyBalances {
  return {
    pending_cents: balances?.pending ?? 0,
    available_cents: balances?.available ?? 0,
    in_transit_cents: balances?.in_transit ?? 0,
    paid_out_cents: balances?.paid_out ?? 0,
  };
}

const addBalances = (a: PartyBalances, b: PartyBalances): PartyBalances => ({
  pending_cents: a.pending_cents + b.pending_cents,
  available_cents: a.available_cents + b.available_cents,
  in_transit_cents: a.in_transit_cents + b.in_transit_cents,
  paid_out_cents: a.paid_out_cents + b.paid_out_cents,
});
const ZERO: PartyBalances = { pending_cents: 0, available_cents: 0, in_transit_cents: 0, paid_out_cents: 0 };

/**
 * The read side of finance: records, balances, the platform's accounts and receipts, each in
 * the caller's scope (a studio never sees another studio's money, decision 006 for ids).
 */
export class FinanceRecordsService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly payments: Pick<PaymentPort, 'receiptFacts'>,
    private readonly ledger: LedgerService,
  ) {}

  async records(caller: Caller, body: Body<'records'>) {
    if (body.party_id !== undefined && !isStaff(caller.role) && body.party_id !== caller.id && !(await repo.inScope(this.db, caller, body.party_id))) {
      throw notFound('org.account_not_found');
    }
    const filter: repo.RecordFilter = {
      scope: caller,
      type: body.type,
      status: body.status,
      partyId: body.party_id,
      dateFrom: body.date_from,
      dateTo: body.date_to,
    };
    const offset = (body.page - 1) * body.page_size;
    const [rows, matched] = await Promise.all([
      offset < FINANCE_RECORDS_COUNT_CAP ? repo.listRecords(this.db, filter, offset, body.page_size) : Promise.resolve([]),
      repo.countRecords(this.db, filter, FINANCE_RECORDS_COUNT_CAP),
    ]);
    const ids = rows.flatMap((row) => [row.user_id, row.receiver_id]).filter((id): id is number => id !== null);
    const cards = await this.accounts.cardsOf(ids);
    const list = rows.map((row): FinanceRecord => ({
      id: Number(row.src_id) * 10 + TYPE_DIGIT[row.kind],
      transaction_id: `${TYPE_PREFIX[row.kind]}-${row.src_id}`,
      type: row.kind,
      status: row.status,
      amount_cents: Number(row.amount),
      user_id: row.user_id,
      user_name: row.user_id === null ? null : partyName(cards.get(row.user_id)),
      receiver_id: row.receiver_id,
      receiver_name: row.receiver_id === null ? null : partyName(cards.get(row.receiver_id)),
      remark: row.remark ?? '',
      create_time: iso(row.created_at),
      process_time: row.processed_at === null ? null : iso(row.processed_at),
      payment_id: row.payment_id,
      rule_version: row.rule_version,
      rate_bps: row.rate_bps,
      commission_role: row.commission_role as FinanceRecord['commission_role'],
      reversed_cents: row.reversed,
      fee_cents: row.fee === null ? null : Number(row.fee),
    }));
    return {
      list,
      total: Math.min(matched, FINANCE_RECORDS_COUNT_CAP),
      capped: matched > FINANCE_RECORDS_COUNT_CAP,
      page: body.page,
      page_size: body.page_size,
    };
  }

  /**
   * A party's balances: a studio's or an agent's own (a main agent may name one of its
   * sub-agents), or any party's for staff. A main agent also gets each sub-agent's and their sum.
   */
  async balance(caller: Caller, body: Body<'balance'>): Promise<BalanceResponse> {
    let partyId = caller.id;
    if (isStaff(caller.role)) {
      if (body.party_id === undefined) throw invalid({ party_id: 'validation.required' });
      partyId = body.party_id;
    } else if (body.party_id !== undefined && body.party_id !== caller.id) {
      if (!(await repo.subAgentsOf(this.db, caller)).includes(body.party_id)) throw notFound('org.account_not_found');
      partyId = body.party_id;
    }
    const subAgents = partyId === caller.id ? await repo.subAgentsOf(this.db, caller) : [];
    const [balances, cards] = await Promise.all([this.ledger.balancesOf([partyId, ...subAgents]), this.accounts.cardsOf([partyId, ...subAgents])]);
    if (isStaff(caller.role) && !cards.has(partyId)) throw notFound('org.account_not_found');
    const rows = subAgents.map((id) => {
      const card = cards.get(id);
      return { id, name: partyName(card) ?? '', email: card?.email ?? '', balances: toPartyBalances(balances.get(id)) };
    });
    return {
      party_id: partyId,
      balances: toPartyBalances(balances.get(partyId)),
      sub_agents: rows,
      sub_agents_total: rows.reduce((sum, row) => addBalances(sum, row.balances), ZERO),
    };
  }

  async platform(): Promise<PlatformSummary> {
    const [own, totals] = await Promise.all([this.ledger.platformBalances(), this.ledger.purposeTotals()]);
    const total = (purpose: Parameters<typeof totals.get>[0]) => totals.get(purpose) ?? 0;
    // A payer's `payments` account goes negative by what it paid; `refunds` holds what came back.
    const paid = -total('payments');
    const refunded = total('refunds');
    return {
      revenue_cents: own.revenue,
      fees_cents: own.fees,
      unallocated_cents: own.unallocated,
      received_cents: paid - refunded,
      refunded_cents: refunded,
      owed: {
        pending_cents: total('pending'),
        available_cents: total('available'),
        in_transit_cents: total('in_transit'),
        paid_out_cents: total('paid_out'),
      },
    };
  }

  /**
   * A payment's receipt: for its payer, the operator assigned to the payer, and staff. Anyone
   * else is told the payment does not exist (decision 006).
   */
  async receipt(caller: Caller, body: Body<'receipt'>, requestLanguage: Language) {
    const payerId = await repo.paymentPayer(this.db, body.payment_id);
    const visible =
      payerId !== undefined &&
      (isStaff(caller.role) || payerId === caller.id || (caller.role === 'operator' && (await repo.inScope(this.db, caller, payerId))));
    if (!visible) throw notFound('finance.payment_not_found');
    const [facts, payer, refunded] = await Promise.all([
      this.payments.receiptFacts(body.payment_id),
      this.accounts.findById(payerId),
      repo.refundedOn(this.db, body.payment_id),
    ]);
    if (!facts || !payer) throw notFound('finance.payment_not_found');
    const language = body.language ?? requestLanguage;
    const address = [payer.address, [payer.city, payer.state, payer.zipCode].filter(Boolean).join(', '), countryName(payer.country, language)].filter(
      (part) => part.trim() !== '',
    );
    const pdf = await receiptPdf(
      {
        paymentId: facts.payment_id,
        paidAt: new Date(facts.paid_time),
        item: facts.order.package_name,
        packageType: facts.order.package_type,
        periods: facts.order.periods,
        amountCents: facts.amount_cents,
        discountCents: facts.order.discount_cents,
        refundedCents: refunded,
        provider: facts.provider,
        providerRef: facts.provider_ref,
        payer: { name: payer.name || payer.username, company: payer.companyFullName || payer.companyShortName, email: payer.email, address: address.join('\n') },
      },
      language,
    );
    return { file_name: `${receiptNumber(facts.payment_id)}-${language}.pdf`, content_type: 'application/pdf' as const, content_base64: pdf.toString('base64') };
  }
}
