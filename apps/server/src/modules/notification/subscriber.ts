import type { NotificationKind, NotificationSubject } from '@nearcast/contract';
import type { Tx } from '../../db/client.js';
import { cardName } from '../account/presenter.js';
import type { AccountService } from '../account/service.js';
import type { EventPayload, EventType } from '../events/catalogue.js';
import type { DomainEvent, EventHandlers, Subscriber } from '../events/service.js';
import type { Params } from './render.js';
import type { DeliveryService, Notice } from './delivery-service.js';

/** What a settlement's decided status tells its party. */
const SETTLEMENT_KINDS: Record<EventPayload<'settlement.decided'>['status'], NotificationKind> = {
  paid: 'settlement_paid',
  // Staff's rejection: the application is cancelled and its funds are available again.
  cancelled: 'settlement_rejected',
  failed: 'settlement_failed',
};

type Tell = (accountId: number | null, kind: NotificationKind, params: Params, subject: NotificationSubject | null) => Notice[];
type NoticeRule<T extends EventType> = (event: DomainEvent<T>, tell: Tell, nameOf: (id: number | null) => Promise<string | null>) => Promise<Notice[]> | Notice[];

const team = (event: DomainEvent) => [event.scope.studioId, event.scope.operatorId];

/**
 * Who is told of which event, of what. The event's scope is the merchant's studio and operator
 * when it happened, so a merchant moved later does not re-route old news.
 */
const RULES: { [T in EventType]?: NoticeRule<T> } = {
  'client.assigned': async (event, tell, nameOf) => {
    const { role, to_id: to } = event.payload;
    const merchant = event.accountId;
    // A client's studio and operator work with it and are told; its agent is not.
    if (role === 'agent' || to === null || merchant === null) return [];
    return [
      ...tell(merchant, role === 'studio' ? 'assigned_studio' : 'assigned_operator', { name: await nameOf(to) }, null),
      ...tell(to, 'client_assigned', { name: await nameOf(merchant) }, { type: 'account', id: merchant }),
    ];
  },
  'payment.completed': (event, tell) =>
    tell(event.accountId, 'payment_received', { amount_cents: event.payload.amount_cents }, { type: 'payment', id: event.payload.order_id }),
  'settlement.decided': (event, tell) =>
    tell(
      event.accountId,
      SETTLEMENT_KINDS[event.payload.status],
      { amount_cents: event.payload.amount_cents, reason: event.payload.reason },
      { type: 'settlement', id: event.payload.settlement_id },
    ),
  'commission.available': async (event, tell, nameOf) =>
    tell(
      event.accountId,
      'commission_available',
      { amount_cents: event.payload.amount_cents, name: await nameOf(event.payload.payer_id) },
      { type: 'finance', id: event.payload.commission_id },
    ),
  // One notice per post, whatever the number of its platforms: each platform's event joins it.
  'video.published': async (event, tell, nameOf) => {
    const params = { title: event.payload.title, platform: event.payload.platform, reason: null, name: await nameOf(event.accountId) };
    return [event.accountId, ...team(event)]
      .flatMap((id) => tell(id, 'video_published', params, { type: 'video_post', id: event.payload.post_id }))
      .map((notice) => ({ ...notice, cause: `post:${event.payload.post_id}:video_published`, mergePlatform: event.payload.platform }));
  },
  'video.failed': async (event, tell, nameOf) => {
    const params = { title: event.payload.title, platform: event.payload.platform, reason: event.payload.reason, name: await nameOf(event.accountId) };
    return [event.accountId, ...team(event)].flatMap((id) => tell(id, 'video_failed', params, { type: 'video_post', id: event.payload.post_id }));
  },
  'video.approval_requested': (event, tell) =>
    tell(event.accountId, 'approval_requested', { title: event.payload.title }, { type: 'video_post', id: event.payload.post_id }),
  'video.approval_given': async (event, tell, nameOf) => {
    const params = { title: event.payload.title, comment: event.payload.comment ?? null, name: await nameOf(event.accountId) };
    return team(event).flatMap((id) => tell(id, 'approval_given', params, { type: 'video_post', id: event.payload.post_id }));
  },
  'video.changes_requested': async (event, tell, nameOf) => {
    const params = { title: event.payload.title, comment: event.payload.comment, name: await nameOf(event.accountId) };
    return team(event).flatMap((id) => tell(id, 'changes_requested', params, { type: 'video_post', id: event.payload.post_id }));
  },
  'waitlist.offered': (event, tell) =>
    tell(
      event.accountId,
      'waitlist_offer',
      { city: event.payload.city_name, time: event.payload.hold_until },
      { type: 'city_waitlist', id: event.payload.entry_id },
    ),
  'report.monthly_ready': (event, tell) =>
    tell(
      event.accountId,
      'monthly_report',
      { month: event.payload.month, videos: event.payload.videos, plays: event.payload.plays },
      { type: 'monthly_report', id: event.payload.report_id },
    ),
  // The studio makes the videos: a render that failed for good is its to retry or fix.
  'creative.render_failed': async (event, tell, nameOf) => {
    const params = { title: event.payload.title, reason: event.payload.reason, name: await nameOf(event.accountId) };
    return tell(event.scope.studioId, 'render_failed', params, { type: 'creative_render', id: event.payload.render_id });
  },
  'connection.needs_reconnect': async (event, tell, nameOf) => {
    const params = { platform: event.payload.platform, name: await nameOf(event.accountId) };
    const subject = { type: 'platform_connection' as const, id: event.payload.connection_id };
    return [event.accountId, ...team(event)].flatMap((id) => tell(id, 'connection_needs_reconnect', params, subject));
  },
};

/** The events that tell someone something. */
export const NOTIFYING_EVENTS = Object.keys(RULES) as EventType[];

/** Turns one event into notices: who is told, of what. History written by a seed tells nobody. */
export async function noticesFor<T extends EventType>(event: DomainEvent<T>, tx: Tx, accounts: AccountService): Promise<Notice[]> {
  const rule = RULES[event.type] as NoticeRule<T> | undefined;
  if (!rule || event.historical) return [];
  const tell: Tell = (accountId, kind, params, subject) =>
    accountId === null ? [] : [{ accountId, kind, cause: `event:${event.id}:${kind}`, params, subject, eventId: event.id }];
  const nameOf = async (id: number | null): Promise<string | null> => {
    if (id === null) return null;
    const card = (await accounts.cardsOf([id], tx)).get(id);
    return card ? cardName(card) : null;
  };
  return rule(event, tell, nameOf);
}

export function notificationSubscriber(delivery: DeliveryService, accounts: AccountService): Subscriber {
  const handle = async (event: DomainEvent, tx: Tx) => {
    const notices = await noticesFor(event, tx, accounts);
    // One person in two roles of one event (a studio that is also the operator) is told once.
    const unique = [...new Map(notices.map((n) => [`${n.accountId}:${n.cause}`, n])).values()];
    await delivery.notify(tx, unique);
  };
  return {
    name: 'notification.center',
    handlers: Object.fromEntries(NOTIFYING_EVENTS.map((type) => [type, handle])) as EventHandlers,
  };
}
