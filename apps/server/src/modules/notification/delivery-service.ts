import { isLanguage, type Language, type NotificationKind, type NotificationSubject, roleOf } from '@nearcast/contract';
import type { Mailer } from '../../adapters/mail/index.js';
import { SmsError, toE164, type SmsSender } from '../../adapters/sms/index.js';
import type { Db, Executor } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { AccountService } from '../account/service.js';
import type { NotificationHub } from './hub.js';
import { toItem } from './presenter.js';
import { message, type Params } from './render.js';
import * as repo from './repository.js';
import type { NotificationRow } from './repository.js';

export const SEND_JOB = 'notification.send';

const SEND_BATCH = 20;
/** A text or mail that keeps failing for a passing reason gives up after this many tries. */
const MAX_ATTEMPTS = 5;

/** One notification to make: who, what, and the cause that makes it unique for that person. */
export interface Notice {
  accountId: number;
  kind: NotificationKind;
  /** Unique per recipient: `event:<id>:<kind>` for events, `<kind>:<day>` for reminders. */
  cause: string;
  params: Params;
  subject: NotificationSubject | null;
  eventId?: number;
  /**
   * A publish notice of one platform of a post: when the post's notice exists already, this
   * platform joins it rather than making another (one notice per post, docs/decisions/075).
   */
  mergePlatform?: string;
}

/** Kinds a recipient may take as one daily digest instead (its `publish_digest` setting). */
const DIGESTED_KINDS: ReadonlySet<NotificationKind> = new Set(['video_published']);
/** Held notices gathered per digest run and per transaction. */
const DIGEST_BATCH = 500;
/** A digest lists its titles up to about this many characters. */
const DIGEST_TITLES_MAX = 300;

/**
 * Makes interactive notifications and delivers them on every channel the recipient chose: the
 * center (pushed live through the hub), mail and SMS, in the language it last read the center in.
 */
export class DeliveryService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly hub: NotificationHub,
    private readonly jobs: JobQueue,
    private readonly publicUrl: string,
  ) {}

  /**
   * Makes the notifications in the caller's transaction (an event's delivery, a reminder run):
   * one per cause and recipient whatever the retries; the recipient's settings at this moment
   * decide whether it shows in the center (`system`) and whether mail and SMS go out. The
   * stream hears of it when the transaction commits.
   */
  async notify(tx: Executor, notices: Notice[]): Promise<NotificationRow[]> {
    if (notices.length === 0) return [];
    const targets = new Map((await this.accounts.notificationTargets(notices.map((n) => n.accountId), tx)).map((t) => [t.id, t]));
    const rows = notices.flatMap((notice) => {
      const target = targets.get(notice.accountId);
      if (!target || target.status !== 'normal') return [];
      // Held for the recipient's daily digest: neither shown nor sent until the digest is made.
      const held = DIGESTED_KINDS.has(notice.kind) && target.notifications.publish_digest === true;
      return [
        {
          accountId: notice.accountId,
          kind: notice.kind,
          dedupeKey: notice.cause,
          params: notice.params,
          subjectType: notice.subject?.type ?? null,
          subjectId: notice.subject?.id ?? null,
          eventId: notice.eventId ?? null,
          inCenter: target.notifications.system && !held,
          heldForDigest: held,
        },
      ];
    });
    const inserted = await repo.insertNotifications(tx, rows);
    const merged = await this.mergePlatforms(tx, notices, inserted);
    const deliveries = inserted.flatMap((row) => {
      const target = targets.get(row.accountId)!;
      if (row.heldForDigest) return [];
      const channels: ('email' | 'sms')[] = [];
      if (target.notifications.email && target.email) channels.push('email');
      if (target.notifications.sms && toE164(target.phone)) channels.push('sms');
      return channels.map((channel) => ({ notificationId: row.id, channel }));
    });
    await repo.insertDeliveries(tx, deliveries);
    // Without a running queue (scripts, tests) the sweep job or sendPending() picks them up.
    if (deliveries.length > 0 && this.jobs.running) await this.jobs.sendWithin(tx, SEND_JOB, [{}]);
    for (const row of [...inserted, ...merged]) {
      if (row.inCenter) await this.hub.publish(tx, { type: 'notification', account_id: row.accountId, notification_id: row.id });
    }
    return inserted;
  }

  /** The platforms of publish notices whose post already had its notice, added to that notice. */
  private async mergePlatforms(tx: Executor, notices: Notice[], inserted: NotificationRow[]): Promise<NotificationRow[]> {
    const made = new Set(inserted.map((row) => `${row.accountId}:${row.dedupeKey}`));
    const changed: NotificationRow[] = [];
    for (const notice of notices) {
      if (notice.mergePlatform === undefined || made.has(`${notice.accountId}:${notice.cause}`)) continue;
      const row = await repo.addPlatform(tx, notice.accountId, notice.cause, notice.mergePlatform);
      if (row) changed.push(row);
    }
    return changed;
  }

  /**
   * The daily digests: each recipient's held publish notices become one notice listing them,
   * shown and sent as its settings say. Answers how many digests were made.
   */
  async sendDigests(): Promise<number> {
    let made = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const held = await repo.heldForDigest(tx, DIGEST_BATCH);
        const byAccount = new Map<number, NotificationRow[]>();
        for (const row of held) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
        const digests: Notice[] = [...byAccount].map(([accountId, rows]) => {
          const titles = [...new Set(rows.map((row) => String(row.params.title ?? '')).filter((title) => title !== ''))].join(', ');
          return {
            accountId,
            kind: 'publish_digest',
            // The last notice it gathers names it: a run retried after a crash makes it once.
            cause: `publish_digest:${Math.max(...rows.map((row) => row.id))}`,
            params: { videos: rows.length, title: titles.length > DIGEST_TITLES_MAX ? `${titles.slice(0, DIGEST_TITLES_MAX - 1)}…` : titles },
            subject: null,
          };
        });
        await this.notify(tx, digests);
        await repo.releaseFromDigest(
          tx,
          held.map((row) => row.id),
        );
        made += digests.length;
        return held.length;
      });
      if (batch < DIGEST_BATCH) return made;
    }
  }

  /** The language an account last read the center in: what its mail is written in (en-US when never). */
  async languageOf(accountId: number): Promise<Language> {
    const stored = (await repo.languagesOf(this.db, [accountId])).get(accountId) ?? 'en-US';
    return isLanguage(stored) ? stored : 'en-US';
  }

  /**
   * Sends pending mail and texts in batches, each batch's rows locked while it goes out so no
   * other instance sends them too. A passing failure leaves the row pending for the next run (up
   * to MAX_ATTEMPTS); a permanent one (a refused number) marks it failed. Answers how many went.
   */
  async sendPending(): Promise<number> {
    let sent = 0;
    // A row that failed for a passing reason waits for the next run rather than being retried
    // at once within this one.
    const tried = new Set<string>();
    for (;;) {
      const claimed = await this.db.transaction(async (tx) => {
        const batch = (await repo.claimPendingDeliveries(tx, SEND_BATCH)).filter(
          ({ delivery }) => !tried.has(`${delivery.notificationId}:${delivery.channel}`),
        );
        if (batch.length === 0) return 0;
        for (const { delivery } of batch) tried.add(`${delivery.notificationId}:${delivery.channel}`);
        const accountIds = batch.map((item) => item.notification.accountId);
        const [targets, languages] = await Promise.all([
          this.accounts.notificationTargets(accountIds, tx).then((list) => new Map(list.map((t) => [t.id, t]))),
          repo.languagesOf(tx, accountIds),
        ]);
        for (const { delivery, notification } of batch) {
          const key = { notificationId: delivery.notificationId, channel: delivery.channel };
          const target = targets.get(notification.accountId);
          // Settings may have changed since: a channel switched off since sends nothing.
          if (!target || target.status !== 'normal' || !target.notifications[delivery.channel]) {
            await repo.updateDelivery(tx, key, { status: 'failed', lastError: 'channel turned off' });
            continue;
          }
          const stored = languages.get(notification.accountId) ?? 'en-US';
          const language: Language = isLanguage(stored) ? stored : 'en-US';
          const item = toItem(notification, language, roleOf(target.accountType));
          try {
            if (delivery.channel === 'email') {
              const link = item.link ? `${this.publicUrl}${item.link}` : null;
              await this.mailer.send({
                to: target.email,
                subject: item.title,
                text: [item.body, link, '', message(language, 'notification.email.footer')].filter((line) => line !== null).join('\n'),
              });
            } else {
              const to = toE164(target.phone);
              if (!to) throw new SmsError('no phone number', false);
              await this.sms.send({ to, body: `Nearcast: ${item.title}. ${item.body}` });
            }
            await repo.updateDelivery(tx, key, { status: 'sent', sentAt: new Date(), attempts: delivery.attempts + 1, lastError: null });
            sent += 1;
          } catch (error) {
            const attempts = delivery.attempts + 1;
            const permanent = error instanceof SmsError && !error.retryable;
            await repo.updateDelivery(tx, key, {
              status: permanent || attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              attempts,
              lastError: (error as Error).message.slice(0, 500),
            });
          }
        }
        return batch.length;
      });
      if (claimed === 0) return sent;
    }
  }
}
