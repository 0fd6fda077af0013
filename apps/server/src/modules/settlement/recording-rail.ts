import type { PayoutRail, PayoutRequest, PayoutResult } from '../../adapters/payouts/index.js';

/**
 * What one call to `pay` does, to stand in for a process killed or a network lost around it:
 * `ok` pays and answers; `hang_before` never sends (the process died before the request left);
 * `hang_after` pays and never answers (the process died with the answer on its way);
 * `throw_before` fails to connect; `throw_after` pays and then loses the answer; `refuse` answers
 * failed without paying; `slow` pays and answers only once `answer()` is called.
 */
export type PayMode = 'ok' | 'hang_before' | 'hang_after' | 'throw_before' | 'throw_after' | 'refuse' | 'slow';

/**
 * A payout rail for tests that behaves like one with real idempotency keys (Stripe Connect's
 * transfers): one transfer per key however often it is asked, looked up by the key. Its state is
 * the outside world's, so it outlives the service instances a test "kills" and starts again,
 * and it counts the payment requests that reached it per key.
 */
export class RecordingRail implements PayoutRail {
  readonly kind = 'manual_bank_transfer' as const;
  readonly transfers = new Map<string, { reference: string; amountCents: number }>();
  /** Every `pay` request that reached the rail, by idempotency key, in order. */
  readonly payCalls: string[] = [];
  readonly lookups: string[] = [];
  /** What the next calls to `pay` do, in order; `ok` once they are used up. */
  readonly modes: PayMode[] = [];
  /** How many of the next lookups fail to get an answer. */
  unanswerableLookups = 0;
  private entered: (() => void) | null = null;
  private held: (() => void)[] = [];

  pay(request: PayoutRequest): Promise<PayoutResult> {
    const mode = this.modes.shift() ?? 'ok';
    this.entered?.();
    this.entered = null;
    if (mode === 'hang_before') return new Promise<never>(() => undefined);
    if (mode === 'throw_before') return Promise.reject(new Error('connect ECONNREFUSED payouts.example'));
    this.payCalls.push(request.idempotencyKey);
    if (mode === 'refuse') return Promise.resolve({ state: 'failed' });
    let transfer = this.transfers.get(request.idempotencyKey);
    if (!transfer) {
      transfer = { reference: `tr_${this.transfers.size + 1}_${request.reference}`, amountCents: request.amountCents };
      this.transfers.set(request.idempotencyKey, transfer);
    }
    if (mode === 'hang_after') return new Promise<never>(() => undefined);
    if (mode === 'throw_after') return Promise.reject(new Error('socket hang up'));
    const answer: PayoutResult = { state: 'paid', reference: transfer.reference };
    if (mode === 'slow') return new Promise((resolve) => this.held.push(() => resolve(answer)));
    return Promise.resolve(answer);
  }

  lookup(idempotencyKey: string): Promise<PayoutResult | null> {
    this.lookups.push(idempotencyKey);
    if (this.unanswerableLookups > 0) {
      this.unanswerableLookups -= 1;
      return Promise.reject(new Error('payouts.example: 503 Service Unavailable'));
    }
    const transfer = this.transfers.get(idempotencyKey);
    return Promise.resolve(transfer ? { state: 'paid', reference: transfer.reference } : null);
  }

  /** Resolves when the next `pay` is called: where a test's "kill" takes effect. */
  nextPay(): Promise<void> {
    return new Promise((resolve) => {
      this.entered = resolve;
    });
  }

  /** Lets the `slow` calls waiting so far answer. */
  answer(): void {
    for (const release of this.held.splice(0)) release();
  }

  paidCount(idempotencyKey: string): number {
    return this.payCalls.filter((key) => key === idempotencyKey).length;
  }
}
