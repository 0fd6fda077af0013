import type { NotificationKind } from '@nearcast/contract';
import type { Db } from '../../db/client.js';
import type { AccountService } from '../account/service.js';
import type { DeliveryService, Notice } from './delivery-service.js';

const DAY_MS = 24 * 3600 * 1000;

/** Reminders that make notifications on a schedule rather than from an event. */
export class ReminderService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly delivery: DeliveryService,
  ) {}

  /**
   * Plans ending in 7 days and plans ending today, by UTC day. Run daily (and safe to run more
   * often: the cause names the expiry day, so one person gets one of each per plan end).
   */
  async remindPlans(now: Date = new Date()): Promise<number> {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const notices: Notice[] = [];
    const windows: [NotificationKind, Date, Date][] = [
      ['plan_expires_today', today, new Date(today.getTime() + DAY_MS)],
      ['plan_expiring', new Date(today.getTime() + 7 * DAY_MS), new Date(today.getTime() + 8 * DAY_MS)],
    ];
    for (const [kind, from, to] of windows) {
      // Today's window starts now: a plan that ended this morning is no longer "ending today".
      const start = kind === 'plan_expires_today' ? now : from;
      for (const plan of await this.accounts.paidPlansExpiringBetween(start, to)) {
        const day = plan.expireAt.toISOString().slice(0, 10);
        notices.push({ accountId: plan.id, kind, cause: `${kind}:${day}`, params: { date: day }, subject: { type: 'plan', id: plan.id } });
      }
    }
    let made = 0;
    for (let i = 0; i < notices.length; i += 500) {
      const chunk = notices.slice(i, i + 500);
      made += (await this.db.transaction((tx) => this.delivery.notify(tx, chunk))).length;
    }
    return made;
  }
}
