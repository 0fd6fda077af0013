import { allows, api, isStaff, roleOf, type ParsedRequestOf, type Settlement, type SettlementPreview } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, Caller } from '../../access/caller.js';
import type { PayoutRail } from '../../adapters/payouts/index.js';
import type { Db, Executor } from '../../db/client.js';
import { conflict, notFound, rejected } from '../../errors.js';
import type { AnyJob } from '../../jobs/queue.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import { amountsFor, blockerOf, dollars } from './amounts.js';
import { recordDecided, SettlementPayouts, type PayoutOutcome } from './payouts.js';
import * as repo from './repository.js';
import type { SettlementRow } from './repository.js';
import type { PartyDirectory, PayeeVerification, SettlementLedger } from './ports.js';
import { cardName } from '../account/presenter.js';

type Body<K extends keyof typeof api.settlement> = ParsedRequestOf<(typeof api.settlement)[K]>;

export type Decision = { status: 'paid'; reference: string } | { status: 'cancelled' | 'failed'; reason: string };

export interface SettlementServiceOptions {
  /** The clock of the payout steps (leases, waits); tests move it past a lease. */
  now?: () => Date;
}

/**
 * Settlement applications and staff decisions (design.md "Money"). An application reserves the
 * party's whole available balance in the same transaction as its row, behind a lock on the
 * party, so two applications at the same moment can never both take it. Rejecting or failing
 * gives the reserved funds back and records `settlement.decided` in that same transaction. An
 * approval pays through the payout rail outside any transaction and books the payout once the
 * rail answers (`SettlementPayouts`, decision 045).
 */
export class SettlementService {
  private readonly payouts: SettlementPayouts;

  constructor(
    private readonly db: Db,
    private readonly ledger: SettlementLedger,
    private readonly verification: PayeeVerification,
    private readonly parties: PartyDirectory,
    private readonly rail: PayoutRail,
    private readonly events: EventService,
    private readonly audit: AuditService,
    options: SettlementServiceOptions = {},
  ) {
    this.payouts = new SettlementPayouts({ db, ledger, verification, rail, events, audit, now: options.now ?? (() => new Date()) });
  }

  /** What an application would be now: the available balance, the period, the fee and the amount to receive. */
  async preview(caller: Caller): Promise<SettlementPreview> {
    const [available, terms, pending, covered, verification] = await Promise.all([
      this.ledger.available(this.db, caller.id),
      this.ledger.settlementTerms(this.db),
      repo.hasPending(this.db, caller.id),
      repo.lastCoveredEnd(this.db, caller.id),
      this.verification.payoutStatusOf([caller.id]),
    ]);
    const amounts = amountsFor(available, terms.feeBps);
    const blocker = blockerOf({ availableCents: available, minCents: terms.minCents, hasPending: pending });
    return {
      available_cents: available,
      min_cents: terms.minCents,
      fee_bps: terms.feeBps,
      gross_cents: amounts.grossCents,
      fee_cents: amounts.feeCents,
      amount_cents: amounts.netCents,
      period_start: (covered ?? caller.account.createdAt).toISOString(),
      period_end: new Date().toISOString(),
      can_apply: blocker === null,
      blocker,
      verification: verification.get(caller.id) ?? 'none',
    };
  }

  /** The caller applies for its whole available balance. */
  async apply(caller: Caller): Promise<Settlement> {
    const row = await this.db.transaction((tx) => this.applyIn(tx, { id: caller.id, createdAt: caller.account.createdAt }, caller.id));
    return (await this.present([row]))[0]!;
  }

  /** An application on a party's behalf (the demo seed), through the same rules. */
  async applyFor(partyId: number): Promise<Settlement> {
    const party = await this.parties.findById(partyId);
    if (!party || !allows(api.settlement.apply.access, roleOf(party.accountType))) throw notFound('settlement.not_found');
    const row = await this.db.transaction((tx) => this.applyIn(tx, { id: partyId, createdAt: party.createdAt }, null));
    return (await this.present([row]))[0]!;
  }

  private async applyIn(tx: Executor, party: { id: number; createdAt: Date }, actorId: number | null): Promise<SettlementRow> {
    // The party's applications queue here; the balance row lock below also holds off a refund
    // or a release changing the balance between reading it and reserving it.
    await repo.lockParty(tx, party.id);
    const available = await this.ledger.lockAvailable(tx, party.id);
    const terms = await this.ledger.settlementTerms(tx);
    const blocker = blockerOf({ availableCents: available, minCents: terms.minCents, hasPending: await repo.hasPending(tx, party.id) });
    if (blocker === 'open_application') throw conflict('settlement.open_application');
    if (blocker === 'below_minimum') throw rejected('settlement.below_minimum', { available: dollars(available), min: dollars(terms.minCents) });

    const amounts = amountsFor(available, terms.feeBps);
    const now = new Date();
    const covered = await repo.lastCoveredEnd(tx, party.id);
    const start = covered ?? party.createdAt;
    const row = await repo.insertSettlement(tx, {
      accountId: party.id,
      periodStart: start.getTime() > now.getTime() ? now : start,
      periodEnd: now,
      grossCents: amounts.grossCents,
      feeBps: terms.feeBps,
      feeCents: amounts.feeCents,
      netCents: amounts.netCents,
      payoutRail: this.rail.kind,
      createdAt: now,
    });
    // Unreachable while the party lock holds; the index is the guard should it ever not.
    if (!row) throw conflict('settlement.open_application');
    await this.ledger.reserve(tx, { settlementId: row.id, accountId: party.id, grossCents: row.grossCents, actorId });
    await this.events.record(tx, 'settlement.applied', {
      actor_id: actorId,
      subject_id: row.id,
      account_id: party.id,
      payload: { settlement_id: row.id, gross_cents: row.grossCents, fee_cents: row.feeCents, amount_cents: row.netCents },
    });
    return row;
  }

  /** Staff pay a pending settlement through the payout rail, once the party's payout details are approved. */
  approve(actor: Actor, id: number, reference: string): Promise<Settlement> {
    return this.decide(actor, id, { status: 'paid', reference });
  }

  /** Staff turn an application down: cancelled, its funds back in the available balance. */
  reject(actor: Actor, id: number, reason: string): Promise<Settlement> {
    return this.decide(actor, id, { status: 'cancelled', reason });
  }

  /** The payout did not arrive (a bounced transfer): failed, its funds back in the available balance. */
  fail(actor: Actor, id: number, reason: string): Promise<Settlement> {
    return this.decide(actor, id, { status: 'failed', reason });
  }

  async decide(actor: Actor | null, id: number, decision: Decision): Promise<Settlement> {
    if (decision.status === 'paid') return this.payOut(actor, id, decision.reference);
    const actorId = actor?.id ?? null;
    const row = await this.db.transaction(async (tx) => {
      const current = await repo.lockSettlement(tx, id);
      if (!current) throw notFound('settlement.not_found');
      if (current.status !== 'pending') throw conflict('settlement.already_decided');
      // An approved payout under way may already have left: it ends paid, or pending again if the rail refuses.
      if (current.payoutStartedAt) throw conflict('settlement.payout_in_progress');
      await this.ledger.release(tx, { settlementId: current.id, accountId: current.accountId, grossCents: current.grossCents, actorId });
      const decided = await repo.markDecided(tx, id, { status: decision.status, reason: decision.reason, decidedBy: actorId, decidedAt: new Date() });
      await recordDecided(this.events, tx, decided, actorId);
      await this.audit.record(tx, actor, {
        action: decision.status === 'failed' ? 'settlement.fail' : 'settlement.reject',
        target: { id },
        before: { status: current.status, gross_cents: current.grossCents },
        after: { status: decided.status, reason: decision.reason },
      });
      return decided;
    });
    return (await this.present([row]))[0]!;
  }

  /**
   * Approval: paid through the rail, then booked. A refusal leaves the settlement pending as it
   * was (`settlement.payout_failed`); a rail that does not answer leaves the payout under way for
   * the resume job, and the caller is told so (`settlement.payout_in_progress`, as when another
   * approval holds it): the money may have left, so nothing is undone.
   */
  private async payOut(actor: Actor | null, id: number, reference: string): Promise<Settlement> {
    const outcome: PayoutOutcome = await this.payouts.approve(actor, id, reference);
    switch (outcome.kind) {
      case 'paid':
        return (await this.present([outcome.row]))[0]!;
      case 'refused':
        throw rejected('settlement.payout_failed');
      case 'held':
      case 'unanswered':
        throw conflict('settlement.payout_in_progress');
    }
  }

  /** Carries on payouts left under way (a crash, an unanswered rail); what the resume job runs. */
  resumePayouts(): Promise<{ id: number; outcome: PayoutOutcome }[]> {
    return this.payouts.resume();
  }

  /** The settlement jobs, listed in the job registry. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    return this.payouts.jobDefinitions(log);
  }

  /** Staff see every party's applications; a studio or an agent only its own. */
  async list(caller: Caller, body: Body<'list'>) {
    const own = isStaff(caller.role) ? undefined : caller.id;
    // A party filter outside the caller's own applications matches nothing, like any other scope.
    if (own !== undefined && body.party_id !== undefined && body.party_id !== own) {
      return { list: [], total: 0, page: body.page, page_size: body.page_size };
    }
    const { rows, total } = await repo.listSettlements(this.db, {
      accountId: own ?? body.party_id,
      status: body.status,
      from: body.date_from,
      to: body.date_to,
      page: body.page,
      pageSize: body.page_size,
    });
    return { list: await this.present(rows), total, page: body.page, page_size: body.page_size };
  }

  /** One settlement; another party's answers not found (decision 006). */
  async get(caller: Caller, id: number): Promise<Settlement> {
    const row = await repo.findSettlement(this.db, id, isStaff(caller.role) ? undefined : caller.id);
    if (!row) throw notFound('settlement.not_found');
    return (await this.present([row]))[0]!;
  }

  /** Paid out (net) and waiting (gross) per party, for finance overviews. */
  totalsOf(accountIds: number[], ex: Executor = this.db) {
    return repo.totalsOf(ex, [...new Set(accountIds)]);
  }

  /** Rows as the contract shows them, with their parties and verification read once per page. */
  private async present(rows: SettlementRow[]): Promise<Settlement[]> {
    const ids = [...new Set(rows.map((row) => row.accountId))];
    const [labels, verification] = await Promise.all([this.parties.cardsOf(ids), this.verification.payoutStatusOf(ids)]);
    return rows.map((row) => {
      const party = labels.get(row.accountId);
      return {
        id: row.id,
        party_id: row.accountId,
        // The party by the one rule (company, else person), as Finance's records name it.
        party_name: party ? cardName(party) : '',
        party_email: party?.email ?? '',
        party_role: party && roleOf(party.accountType) === 'partner' ? 'partner' : 'studio',
        status: row.status,
        period_start: row.periodStart.toISOString(),
        period_end: row.periodEnd.toISOString(),
        gross_cents: row.grossCents,
        fee_bps: row.feeBps,
        fee_cents: row.feeCents,
        amount_cents: row.netCents,
        payout_rail: row.payoutRail as Settlement['payout_rail'],
        payout_reference: row.payoutReference,
        reason: row.reason,
        verification: verification.get(row.accountId) ?? 'none',
        apply_time: row.createdAt.toISOString(),
        process_time: row.decidedAt ? row.decidedAt.toISOString() : null,
        decided_by: row.decidedBy,
      };
    });
  }
}
