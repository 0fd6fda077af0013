import type { NotificationKind, NotificationSubject } from '@nearcast/contract';
import type { Tx } from '../../db/client.js';
import type { AccountService } from '../account/service.js';
import type { DomainEvent, Subscriber } from '../events/service.js';
import type { Params } from './render.js';
import type { Notice, NotificationService } from './service.js';

/** The events that tell someone something (the shared vocabulary of the modules). */
export const NOTIFYING_EVENTS = [
  'client.assigned',
  'payment.completed',
  'settlement.decided',
  'commission.available',
  'video.published',
  'video.failed',
  'video.approval_requested',
  'video.approval_given',
  'video.changes_requested',
  'connection.needs_reconnect',
] as const;

const SETTLEMENT_KINDS: Record<string, NotificationKind> = { paid: 'settlement_paid', rejected: 'settlement_rejected', failed: 'settlement_failed' };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * Turns events into notices: who is told, of what. The event's scope is the merchant's studio
 * and operator when it happened, so a merchant moved later does not re-route old news.
 */
export async function noticesFor(event: DomainEvent, tx: Tx, accounts: AccountService): Promise<Notice[]> {
  const payload = event.payload;
  const notice = (accountId: number | null, kind: NotificationKind, params: Params, subject: NotificationSubject | null): Notice[] =>
    accountId === null ? [] : [{ accountId, kind, cause: `event:${event.id}:${kind}`, params, subject, eventId: event.id }];
  const nameOf = async (id: number | null): Promise<string | null> => {
    if (id === null) return null;
    const card = (await accounts.cardsOf([id], tx)).get(id);
    return card ? card.companyShortName || card.name || card.username || card.email : null;
  };
  const merchant = event.accountId;
  const team = [event.scope.studioId, event.scope.operatorId];

  switch (event.type) {
    case 'client.assigned': {
      const role = str(payload.role);
      const to = int(payload.to_id);
      if ((role !== 'studio' && role !== 'operator') || to === null || merchant === null) return [];
      return [
        ...notice(merchant, role === 'studio' ? 'assigned_studio' : 'assigned_operator', { name: await nameOf(to) }, null),
        ...notice(to, 'client_assigned', { name: await nameOf(merchant) }, { type: 'account', id: merchant }),
      ];
    }
    case 'payment.completed':
      return notice(merchant, 'payment_received', { amount_cents: int(payload.amount_cents) }, { type: 'payment', id: int(payload.order_id) ?? 0 });
    case 'settlement.decided': {
      const kind = SETTLEMENT_KINDS[str(payload.status) ?? ''];
      if (!kind) return [];
      const id = int(payload.settlement_id) ?? Number(event.subject.id);
      return notice(merchant, kind, { amount_cents: int(payload.amount_cents), reason: str(payload.reason) }, { type: 'settlement', id });
    }
    case 'commission.available':
      return notice(
        merchant,
        'commission_available',
        { amount_cents: int(payload.amount_cents), name: await nameOf(int(payload.payer_id)) },
        { type: 'finance', id: int(payload.commission_id) ?? 0 },
      );
    case 'video.published':
    case 'video.failed': {
      const kind: NotificationKind = event.type === 'video.published' ? 'video_published' : 'video_failed';
      const params = { title: str(payload.title), platform: str(payload.platform), reason: str(payload.reason), name: await nameOf(merchant) };
      const subject = { type: 'video_post' as const, id: int(payload.post_id) ?? 0 };
      return [merchant, ...team].flatMap((id) => notice(id, kind, params, subject));
    }
    case 'video.approval_requested':
      return notice(merchant, 'approval_requested', { title: str(payload.title) }, { type: 'video_post', id: int(payload.post_id) ?? 0 });
    case 'video.approval_given':
    case 'video.changes_requested': {
      const kind: NotificationKind = event.type === 'video.approval_given' ? 'approval_given' : 'changes_requested';
      const params = { title: str(payload.title), comment: str(payload.comment), name: await nameOf(merchant) };
      return team.flatMap((id) => notice(id, kind, params, { type: 'video_post', id: int(payload.post_id) ?? 0 }));
    }
    case 'connection.needs_reconnect': {
      const params = { platform: str(payload.platform), name: await nameOf(merchant) };
      const subject = { type: 'platform_connection' as const, id: int(payload.connection_id) ?? 0 };
      return [merchant, ...team].flatMap((id) => notice(id, 'connection_needs_reconnect', params, subject));
    }
    default:
      return [];
  }
}

export function notificationSubscriber(service: NotificationService, accounts: AccountService): Subscriber {
  return {
    name: 'notification.center',
    types: NOTIFYING_EVENTS,
    async handle(event, tx) {
      const notices = await noticesFor(event, tx, accounts);
      // One person in two roles of one event (a studio that is also the operator) is told once.
      const unique = [...new Map(notices.map((n) => [`${n.accountId}:${n.cause}`, n])).values()];
      await service.notify(tx, unique);
    },
  };
}
