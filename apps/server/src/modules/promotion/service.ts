import { createHmac, randomBytes } from 'node:crypto';
import { isStaff, type api, type ParsedRequestOf, type PromotionSource, type PromotionStats } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import { periodicPass, type AnyJob } from '../../jobs/queue.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AccountService } from '../account/service.js';
import type { Subscriber } from '../events/service.js';
import type { ReferralService } from '../org/referral-service.js';
import { isBot } from '../../lib/visitor.js';
import * as repo from './repository.js';

type Body<K extends keyof typeof api.promotion> = ParsedRequestOf<(typeof api.promotion)[K]>;

export const PROMOTION_SUBSCRIBER = 'promotion.attribution';
export const SALT_SWEEP_JOB = 'promotion.drop-old-salts';
/** Distinct visitors one address may add to one link in a day. */
export const VISITORS_PER_ADDRESS = 5;
const DAY_MS = 86_400_000;

// The bot test is shared with the videos' short links (lib/visitor.ts).
export { isBot };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Promotion links and what they bring. A studio's link signs up merchants under it, an agent's
 * link signs up studios under it, staff links sign up merchants with no placement. Each link
 * counts its distinct visitors per day (a keyed hash under a daily salt, never an address),
 * which of them came by its QR code, and — heard from events — the accounts it signed up, those
 * that paid, and the commission its owner earned from them.
 */
export class PromotionService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly referrals: ReferralService,
    private readonly accounts: AccountService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async link(caller: Caller) {
    const joinType = caller.role === 'partner' ? 'studio' : 'business';
    const url = new URL('/signin', this.publicUrl);
    url.searchParams.set('mode', 'register');
    url.searchParams.set('join', joinType);
    url.searchParams.set('ref', caller.account.referralCode);
    return {
      code: caller.account.referralCode,
      url: url.toString(),
      join_type: joinType,
      signups: await this.referrals.count(caller.id),
    } as const;
  }

  /**
   * A visitor landed through a link. Counted once per visitor, link and day; a bot, an unknown
   * code or a repeat changes nothing, and the caller is not told which (nothing to probe).
   */
  async visit(code: string, source: PromotionSource, client: { ip: string; userAgent: string | undefined }): Promise<void> {
    if (isBot(client.userAgent)) return;
    const owner = await this.accounts.findByReferralCode(code);
    if (!owner || owner.status !== 'normal') return;
    const day = dayOf(this.now());
    const salt = await repo.saltOf(this.db, day, randomBytes(32).toString('base64url'));
    const hash = (text: string) => createHmac('sha256', salt).update(text).digest('base64url').slice(0, 32);
    const origin = hash(client.ip);
    // One address is a household or an office, not a crowd: past a few browsers a day it is someone inflating the count.
    if ((await repo.visitorsFrom(this.db, owner.id, day, origin)) >= VISITORS_PER_ADDRESS) return;
    await repo.recordVisit(this.db, { ownerId: owner.id, day, visitor: hash(`${client.ip}\n${client.userAgent}`), origin, source });
  }

  /** A past day's visit written by the demo seed: its visitor is a made-up name, not a hash. */
  seedVisit(ownerId: number, day: string, visitor: string, source: PromotionSource): Promise<boolean> {
    return repo.recordVisit(this.db, { ownerId, day, visitor, origin: visitor, source });
  }

  /** Yesterday's and older salts go: their visitors can no longer be recognised, even by us. */
  dropOldSalts(): Promise<number> {
    return repo.dropSaltsBefore(this.db, dayOf(this.now()));
  }

  /** The salt sweep, listed in the job registry: hourly, so a day's salt outlives it by an hour at most. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    return [periodicPass(SALT_SWEEP_JOB, '7 * * * *', () => this.dropOldSalts(), (dropped) => log.info({ dropped }, "dropped past days' visitor salts"))];
  }

  /** A link's funnel per day for the last `days` days, today included, and its totals. */
  async stats(caller: Caller, body: Body<'stats'>): Promise<PromotionStats> {
    let ownerId = caller.id;
    let code = caller.account.referralCode;
    if (body.account_id !== undefined && body.account_id !== caller.id) {
      // Staff read anyone's; for everyone else another account's funnel does not exist.
      const other = isStaff(caller.role) ? await this.accounts.findById(body.account_id) : undefined;
      if (!other) throw notFound('promotion.not_found');
      ownerId = other.id;
      code = other.referralCode;
    }
    const today = Date.UTC(this.now().getUTCFullYear(), this.now().getUTCMonth(), this.now().getUTCDate());
    const from = dayOf(new Date(today - (body.days - 1) * DAY_MS));
    const found = new Map((await repo.funnelSince(this.db, ownerId, from)).map((row) => [row.day, row]));
    const days = Array.from({ length: body.days }, (_, index) => {
      const day = dayOf(new Date(today - (body.days - 1 - index) * DAY_MS));
      const row = found.get(day);
      return {
        day,
        visits: row?.visits ?? 0,
        scans: row?.scans ?? 0,
        signups: row?.signups ?? 0,
        paid: row?.paid ?? 0,
        commission_cents: row?.commissionCents ?? 0,
      };
    });
    const sum = (key: 'visits' | 'scans' | 'signups' | 'paid' | 'commission_cents') => days.reduce((total, day) => total + day[key], 0);
    return {
      account_id: ownerId,
      code,
      days,
      totals: { visits: sum('visits'), scans: sum('scans'), signups: sum('signups'), paid: sum('paid'), commission_cents: sum('commission_cents') },
    };
  }

  /**
   * The funnel after the visit, from events: a signup through a link, that account's first
   * payment, and every commission share its payments (and refunds) gave the link's owner.
   */
  subscriber(): Subscriber {
    return {
      name: PROMOTION_SUBSCRIBER,
      handlers: {
        'account.registered': async (event, tx) => {
          const ownerId = event.payload.referred_by_id;
          if (ownerId === null || event.accountId === null) return;
          if (await repo.insertReferral(tx, event.accountId, ownerId, event.createdAt)) {
            await repo.addToDay(tx, ownerId, dayOf(event.createdAt), { signups: 1 });
          }
        },
        'payment.completed': async (event, tx) => {
          if (event.accountId === null) return;
          const referral = await repo.referralOf(tx, event.accountId);
          if (!referral) return;
          const day = dayOf(event.createdAt);
          const first = await repo.markFirstPaid(tx, event.accountId, event.createdAt);
          const earned = event.payload.shares.filter((share) => share.beneficiary_id === referral.ownerId).reduce((sum, share) => sum + share.amount_cents, 0);
          if (first || earned !== 0) await repo.addToDay(tx, referral.ownerId, day, { paid: first ? 1 : 0, commissionCents: earned });
        },
        'payment.refunded': async (event, tx) => {
          if (event.accountId === null) return;
          const referral = await repo.referralOf(tx, event.accountId);
          if (!referral) return;
          const taken = event.payload.reversals.filter((share) => share.beneficiary_id === referral.ownerId).reduce((sum, share) => sum + share.reversed_cents, 0);
          if (taken !== 0) await repo.addToDay(tx, referral.ownerId, dayOf(event.createdAt), { commissionCents: -taken });
        },
      },
    };
  }
}
