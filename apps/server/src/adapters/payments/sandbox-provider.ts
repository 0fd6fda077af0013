import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { CheckoutInput, CheckoutSession, PaymentProvider, RetrievedSession } from './provider.js';
import * as repo from './sandbox-repository.js';

export type SandboxDecision = 'pay' | 'decline' | 'cancel';
const STATE_OF = { pay: 'paid', decline: 'declined', cancel: 'cancelled' } as const;

/**
 * The embedded default: a checkout page served by the app itself, clearly marked as test mode,
 * that keeps its own sessions the way a real provider does, so the app verifies a sandbox
 * payment through exactly the same path as a Stripe one.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
    const sessionId = `cs_sandbox_${randomBytes(18).toString('hex')}`;
    await repo.insertCheckout(this.db, {
      id: sessionId,
      orderId: input.orderId,
      description: input.description,
      amountCents: input.amountCents,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      expiresAt: input.expiresAt,
    });
    return { sessionId, url: new URL(`/sandbox/checkout/${sessionId}`, this.publicUrl).toString() };
  }

  async retrieve(sessionId: string): Promise<RetrievedSession> {
    const session = await this.session(sessionId);
    if (!session) return { state: 'unknown', orderId: null, amountCents: null };
    const state =
      session.status === 'paid'
        ? 'paid'
        : session.status === 'declined'
          ? 'failed'
          : session.status === 'cancelled' || session.expiresAt.getTime() < Date.now()
            ? 'cancelled'
            : 'open';
    return { state, orderId: session.orderId, amountCents: session.amountCents };
  }

  async session(sessionId: string) {
    return repo.findCheckout(this.db, sessionId);
  }

  /** The buyer's choice on the sandbox page; only an open, unexpired session can change. */
  async decide(sessionId: string, decision: SandboxDecision) {
    const session = await this.session(sessionId);
    if (!session) return undefined;
    if (session.status === 'open' && session.expiresAt.getTime() > Date.now()) {
      await repo.setCheckoutStatus(this.db, sessionId, STATE_OF[decision]);
      return { ...session, status: STATE_OF[decision] };
    }
    return session;
  }
}
