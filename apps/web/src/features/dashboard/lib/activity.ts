import type { DashboardActivity } from '@nearcast/contract';
import type { TFunction } from 'i18next';
import { formatUsd } from '../../../lib/money';

/**
 * The feed's sentence for one event, in the reader's language, from the event's type and the
 * parameters the server copied from its payload. Each type picks its words by what the payload
 * says (a renewal reads differently from a first payment), and a type this build does not know
 * yet still reads as a sentence about whom it concerns, never as a raw event name.
 */
export function describeActivity(activity: DashboardActivity, t: TFunction, locale: string): string {
  const p = activity.params;
  const client = activity.client?.name ?? null;
  const studio = activity.studio?.name ?? null;
  const who = client ?? studio ?? t('activity.someone');
  const text = (key: string): string => (typeof p[key] === 'string' ? (p[key] as string) : '');
  const amount = typeof p.amount_cents === 'number' ? formatUsd(p.amount_cents, locale) : '';
  const platform = text('platform') ? t(`platforms.${text('platform')}`, { defaultValue: text('platform') }) : '';
  const title = text('title');
  const vars = { who, client: client ?? who, studio: studio ?? '', amount, platform, title };

  switch (activity.type) {
    case 'payment.completed': {
      if (p.package_type === 'studio') return t('activity.studio_paid', vars);
      return t(p.renewal === true ? 'activity.renewed' : 'activity.paid', vars);
    }
    case 'payment.refunded':
    case 'charge.refunded':
      return t('activity.refunded', vars);
    case 'account.registered':
      return t(p.account_type === 1 ? 'activity.registered_studio' : 'activity.registered', vars);
    case 'client.assigned':
      // The event names the merchant; the studio or operator it moved to is in the feed's names.
      if (p.to_id === null) return t('activity.client_unassigned', vars);
      return studio && client ? t('activity.client_assigned_to', vars) : t('activity.client_assigned', vars);
    case 'studio.assigned':
      return t(p.to_id === null ? 'activity.studio_unassigned' : 'activity.studio_assigned', vars);
    case 'settlement.applied':
      return t('activity.settlement_applied', vars);
    case 'settlement.decided':
      return t(p.status === 'rejected' ? 'activity.settlement_rejected' : 'activity.settlement_approved', vars);
    case 'commission.available':
    case 'commission.released':
      return t('activity.commission_available', vars);
    case 'video.scheduled':
      return t('activity.video_scheduled', vars);
    case 'video.approval_requested':
      return t('activity.video_approval_requested', vars);
    case 'video.approval_given':
      return t('activity.video_approval_given', vars);
    case 'video.changes_requested':
      return t('activity.video_changes_requested', vars);
    case 'video.published':
      return t('activity.video_published', vars);
    case 'video.approved':
      return t('activity.video_approved', vars);
    case 'video.failed':
      return t('activity.video_failed', vars);
    case 'video.milestone': {
      const value = typeof p.value === 'number' ? new Intl.NumberFormat(locale).format(p.value) : '';
      return t('activity.video_milestone', { ...vars, value });
    }
    case 'connection.connected':
      return t('activity.connection_connected', vars);
    case 'connection.needs_reconnect':
      return t('activity.connection_needs_reconnect', vars);
    default:
      return t('activity.other', vars);
  }
}

/** The kind of mark the feed draws beside an event: money in, money out, people, video, a warning. */
export type ActivityTone = 'money' | 'refund' | 'people' | 'video' | 'warning' | 'other';

export function toneOf(type: string): ActivityTone {
  if (type === 'video.failed' || type === 'connection.needs_reconnect' || type === 'video.changes_requested') return 'warning';
  if (type.endsWith('.refunded')) return 'refund';
  if (type.startsWith('payment.') || type.startsWith('settlement.') || type.startsWith('commission.')) return 'money';
  if (type.startsWith('video.') || type.startsWith('connection.')) return 'video';
  if (type.startsWith('account.') || type.endsWith('.assigned')) return 'people';
  return 'other';
}
