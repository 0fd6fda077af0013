import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../access/caller.js';
import type { PayoutRail, PayoutResult } from '../../adapters/payouts/index.js';
import type { Db, Executor } from '../../db/client.js';
import { conflict, notFound, rejected } from '../../errors.js';
import { LeasedWork, LeaseLost, type Held } from '../../jobs/leased-work.js';
import type { AnyJob, JobDefinition } from '../../jobs/queue.js';
import type { AuditService } from '../audit/service.js';
import type { EventService } from '../events/service.js';
import * as repo from './repository.js';
import type { PayoutPatch, SettlementRow } from './repository.js';
import type { PayeeVerification, SettlementLedger } from './ports.js';

export const PAYOUT_RESUME_JOB = 'settlement.payout-resume';

/**
 * How long one worker holds a payout across its calls to the rail before another may take it
 * over (a killed process). Rails give up on a call well within it, so when it has run out no
 * call of the last holder can still be on its way to the rail.
 */
export const PAYOUT_LEASE_MS = 10 * 60_000;
/** Unanswered calls after which a payout is logged for a person to check with the rail. */
const ATTENTION_AFTER = 12;
const RESUME_BATCH = 50;

/** The one idempotency key of a settlement's payout, the same on every attempt. */
export const payoutKeyOf = (settlementId: number) => `settlement-${settlementId}`;

/**
 * Where a payout step left it: paid (booked, announced), refused by the rail (decidable
 * again), unanswered (still under way, checked again later), or held by another worker.
 */
export type PayoutOutcome =
  | { kind: 'paid'; row: SettlementRow }
  | { kind: 'refused' }
  | { kind: 'unanswered'; error: unknown; attempts: number }
  | { kind: 'held' };

/** This process's hold on one payout, under which every write of a step goes. */
type PayoutHold = Held<SettlementRow, PayoutPatch>;

export interface SettlementPayoutsDeps {
  db: Db;
  ledger: SettlementLedger;
  verification: PayeeVerification;
  rail: PayoutRail;
  events: Pick<EventService, 'record'>;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}

/**
 * Approved settlements on their way out (decision 045), on the leased-work capability
 * (decision 089) as publishing is: the settlement row is the truth, a lease holds it across the
 * calls to the rail (never a transaction or a row lock: the rail may take seconds, and PGlite has
 * one connection), a checkpoint is written before each call, and a call whose outcome is unknown
 * is asked about under the same idempotency key before anything is paid again. The steps:
 *
 * 1. reserve — one transaction: still pending, payout details verified, no payout under way;
 *    the payout is marked under way with its key and held by this worker;
 * 2. pay — outside any transaction, with the attempt counted first;
 * 3. checkpoint — the rail's reference stored as soon as it answers;
 * 4. complete — one transaction: the ledger's payout, `paid`, and `settlement.decided`; under
 *    the row lock and only from pending, so exactly once.
 *
 * A crash between any two leaves the payout under way; the resume job (or the next approval of
 * it) takes it once the lease has run out and carries on from what the row says.
 */
export class SettlementPayouts {
  private readonly leases: LeasedWork<SettlementRow, PayoutPatch>;

  constructor(private readonly deps: SettlementPayoutsDeps) {
    this.leases = new LeasedWork(repo.payoutLeases, { kind: 'payout', db: deps.db, leaseMs: PAYOUT_LEASE_MS, now: deps.now });
  }

  /** Staff approve a pending settlement: reserve it for this payout, then pay it through the rail. */
  async approve(actor: Actor | null, id: number, reference: string): Promise<PayoutOutcome> {
    // The claim is this step's own (a decision by staff, in the transaction that checks it), the hold the capability's.
    const token = this.leases.newToken();
    const now = this.deps.now();
    const reserved = await this.deps.db.transaction(async (tx) => {
      const current = await repo.lockSettlement(tx, id);
      if (!current) throw notFound('settlement.not_found');
      if (current.status !== 'pending') throw conflict('settlement.already_decided');
      const leaseUntil = this.leases.leaseEnd();
      if (current.payoutStartedAt) {
        // Approved already. While a worker holds it (or waits to ask the rail again) it is
        // theirs; once that has run out it stopped half-way, and this approval carries it on
        // with what was approved first.
        if (current.payoutLeaseUntil && current.payoutLeaseUntil.getTime() >= now.getTime()) throw conflict('settlement.payout_in_progress');
        return repo.updatePayout(tx, id, { payoutLeaseToken: token, payoutLeaseUntil: leaseUntil });
      }
      if (!(await this.deps.verification.isPayoutVerified(current.accountId, tx))) throw rejected('settlement.not_verified');
      const started = await repo.updatePayout(tx, id, {
        payoutStartedAt: now,
        payoutKey: payoutKeyOf(id),
        payoutRequestedBy: actor?.id ?? null,
        payoutRequest: reference,
        payoutAttempts: 0,
        payoutLeaseToken: token,
        payoutLeaseUntil: leaseUntil,
        payoutLastError: null,
      });
      // The decision is staff's here; the payout it starts ends paid, or pending again if refused.
      await this.deps.audit.record(tx, actor, {
        action: 'settlement.approve',
        target: { id },
        before: { status: current.status, gross_cents: current.grossCents },
        after: { status: 'payout_started', payout_reference: reference },
      });
      return started;
    });
    return this.run(reserved, this.leases.hold(id, token));
  }

  /**
   * Picks up payouts left under way — the process stopped between two steps, or the rail did
   * not answer — whose lease or wait has run out, and carries each on. Several instances may run
   * it at once: each payout is claimed by one.
   */
  async resume(): Promise<{ id: number; outcome: PayoutOutcome }[]> {
    const done: { id: number; outcome: PayoutOutcome }[] = [];
    await this.leases.sweep(RESUME_BATCH, async ({ id }) => {
      const claimed = await this.leases.claim(id);
      if (claimed) done.push({ id, outcome: await this.run(claimed.row, claimed.held) });
    });
    return done;
  }

  /** The resume job, listed in the job registry: every minute, one run at a time. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    const resume: JobDefinition<Record<string, never>> = {
      name: PAYOUT_RESUME_JOB,
      schedule: '* * * * *',
      policy: 'stately',
      // The row's own lease and back-off retry; a queue retry would only race the next tick.
      retryLimit: 1,
      handler: async () => {
        for (const { id, outcome } of await this.resume()) {
          if (outcome.kind === 'paid') log.info({ settlement: id }, 'resumed payout completed');
          else if (outcome.kind === 'refused') log.warn({ settlement: id }, 'resumed payout refused by the rail: the settlement is pending again');
          else if (outcome.kind === 'unanswered') {
            const fields = { settlement: id, attempts: outcome.attempts, err: outcome.error };
            // Money may have left: the payout is never released by itself, a person checks with the rail.
            if (outcome.attempts >= ATTENTION_AFTER) log.error(fields, 'payout still unanswered by the rail: check it there');
            else log.warn(fields, 'payout rail did not answer; asking again later');
          }
        }
      },
    };
    return [resume];
  }

  /** One go at a held payout; lets go of it after, unless a step already did. */
  private run(row: SettlementRow, held: PayoutHold): Promise<PayoutOutcome> {
    return this.leases.run(held, () => this.proceed(row, held), () => ({ kind: 'held' }));
  }

  private async proceed(row: SettlementRow, held: PayoutHold): Promise<PayoutOutcome> {
    if (row.payoutReference === null) {
      const key = row.payoutKey ?? payoutKeyOf(row.id);
      let answer: PayoutResult | null = null;
      try {
        if (row.payoutAttempts > 0) {
          // A call may have reached the rail before the last holder stopped: ask before paying.
          row = await this.beforeCall(row, held);
          answer = await this.deps.rail.lookup(key);
        }
        if (answer === null) {
          row = await this.beforeCall(row, held);
          answer = await this.deps.rail.pay({
            settlementId: row.id,
            accountId: row.accountId,
            amountCents: row.netCents,
            reference: row.payoutRequest ?? '',
            idempotencyKey: key,
          });
        }
      } catch (error) {
        // A lost lease is the capability's stop, not a rail that did not answer.
        if (error instanceof LeaseLost) throw error;
        return this.unanswered(row, held, error);
      }
      if (answer.state === 'failed') return this.refused(held);
      await repo.checkpointPayout(this.deps.db, row.id, answer.reference);
    }
    return { kind: 'paid', row: await this.complete(row.id) };
  }

  /**
   * The checkpoint before a call to the rail: the attempt is counted (so whoever comes next
   * asks first) and the lease renewed, only while this worker still holds the payout (else
   * `LeaseLost` stops the step before the call).
   */
  private beforeCall(row: SettlementRow, held: PayoutHold): Promise<SettlementRow> {
    return held.checkpoint({ payoutAttempts: row.payoutAttempts + 1 });
  }

  /** The rail did not answer: the payout stays under way, to be asked about after a wait. */
  private async unanswered(row: SettlementRow, held: PayoutHold, error: unknown): Promise<PayoutOutcome> {
    const message = error instanceof Error ? error.message : String(error);
    // Let go with a wait: the lease's end is when the payout is due to be asked about again.
    const moved = await held.tryWrite({
      payoutLeaseToken: null,
      payoutLeaseUntil: this.leases.retryAt(row.payoutAttempts),
      payoutLastError: message.slice(0, 500),
    });
    return moved ? { kind: 'unanswered', error, attempts: row.payoutAttempts } : { kind: 'held' };
  }

  /** The rail refused: nothing left, so the settlement is pending and decidable again, its funds still reserved. */
  private async refused(held: PayoutHold): Promise<PayoutOutcome> {
    const moved = await held.tryWrite({
      payoutStartedAt: null,
      payoutAttempts: 0,
      payoutLeaseToken: null,
      payoutLeaseUntil: null,
      payoutLastError: 'refused by the payout rail',
    });
    return moved ? { kind: 'refused' } : { kind: 'held' };
  }

  /**
   * Books a payout the rail made: in transit → paid out and fees, `paid`, `settlement.decided`,
   * in one transaction under the row lock. A second completer (a worker that lost its lease
   * but heard the rail) finds it paid and books nothing.
   */
  private complete(id: number): Promise<SettlementRow> {
    return this.deps.db.transaction(async (tx) => {
      const current = await repo.lockSettlement(tx, id);
      if (!current) throw notFound('settlement.not_found');
      if (current.status === 'paid') return current;
      if (current.status !== 'pending' || !current.payoutStartedAt || current.payoutReference === null) throw conflict('settlement.already_decided');
      const actorId = current.payoutRequestedBy;
      await this.deps.ledger.payOut(tx, {
        settlementId: current.id,
        accountId: current.accountId,
        grossCents: current.grossCents,
        actorId,
        feeCents: current.feeCents,
        netCents: current.netCents,
        reference: current.payoutReference,
      });
      const decided = await repo.markDecided(tx, id, { status: 'paid', payoutReference: current.payoutReference, decidedBy: actorId, decidedAt: this.deps.now() });
      await recordDecided(this.deps.events, tx, decided, actorId);
      return decided;
    });
  }
}

/** `settlement.decided` for a row just decided, in the transaction that decided it. */
export async function recordDecided(events: Pick<EventService, 'record'>, tx: Executor, decided: SettlementRow, actorId: number | null): Promise<void> {
  if (decided.status === 'pending') return;
  await events.record(tx, 'settlement.decided', {
    actor_id: actorId,
    subject_id: decided.id,
    account_id: decided.accountId,
    payload: {
      settlement_id: decided.id,
      status: decided.status,
      gross_cents: decided.grossCents,
      fee_cents: decided.feeCents,
      amount_cents: decided.netCents,
      payout_rail: decided.payoutRail,
      payout_reference: decided.payoutReference,
      reason: decided.reason,
    },
  });
}
