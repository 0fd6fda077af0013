import type { DashboardActivity } from '@nearcast/contract';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US/dashboard.json';
import es from '../../../locales/es-ES/dashboard.json';
import zh from '../../../locales/zh-CN/dashboard.json';
import { formatUsd } from '../../../lib/money';
import { describeActivity, toneOf } from './activity';

const carmen = { id: 7, name: 'Carmen’s Tacos' };
const sunset = { id: 3, name: 'Sunset AI Studio' };

function activity(type: string, params: DashboardActivity['params'], names: Partial<Pick<DashboardActivity, 'client' | 'studio'>> = { client: carmen }): DashboardActivity {
  return { id: 1, type, at: '2026-11-23T10:00:00Z', client: null, studio: null, ...names, params };
}

const translators = new Map<string, TFunction>();

beforeAll(async () => {
  for (const [language, catalogue] of [['en-US', en], ['zh-CN', zh], ['es-ES', es]] as const) {
    const i18n = createInstance();
    await i18n.init({ lng: language, ns: ['dashboard'], defaultNS: 'dashboard', resources: { [language]: { dashboard: catalogue } }, interpolation: { escapeValue: false } });
    translators.set(language, i18n.t);
  }
});

const say = (item: DashboardActivity, language = 'en-US') => describeActivity(item, translators.get(language)!, language);

describe('describeActivity', () => {
  it('tells a renewal from a first purchase, with the amount in the reader’s money format', () => {
    expect(say(activity('payment.completed', { amount_cents: 99_900, package_type: 'business', renewal: true }))).toBe('Carmen’s Tacos renewed its plan ($999.00)');
    expect(say(activity('payment.completed', { amount_cents: 99_950, package_type: 'business' }))).toBe('Carmen’s Tacos bought a plan ($999.50)');
    expect(say(activity('payment.completed', { amount_cents: 99_900, package_type: 'business', renewal: true }), 'es-ES')).toBe(`Carmen’s Tacos renovó su plan (${formatUsd(99_900, 'es-ES')})`);
  });

  it('says a milestone with the plays grouped and the platform named in the reader’s language', () => {
    const milestone = activity('video.milestone', { platform: 'tiktok', value: 10_000, title: 'Taco Tuesday', metric: 'plays' });
    expect(say(milestone)).toBe('A video for Carmen’s Tacos reached 10,000 plays on TikTok');
    expect(say(activity('video.published', { platform: 'kuaishou', title: 'x' }), 'zh-CN')).toBe('Carmen’s Tacos 的视频已发布到 快手');
  });

  it('names the studio a merchant moved to when the feed knows it', () => {
    expect(say(activity('client.assigned', { role: 'studio', from_id: null, to_id: 3 }, { client: carmen, studio: sunset }))).toBe('Carmen’s Tacos is now served by Sunset AI Studio');
    expect(say(activity('client.assigned', { role: 'studio', from_id: 3, to_id: null }))).toBe('Carmen’s Tacos was unassigned');
  });

  it('reads a decided payout by its outcome', () => {
    const studioOnly = { studio: sunset, client: null };
    expect(say(activity('settlement.decided', { status: 'rejected', amount_cents: 12_000 }, studioOnly))).toBe("Sunset AI Studio's payout of $120.00 was declined");
    expect(say(activity('settlement.decided', { status: 'paid', amount_cents: 12_000 }, studioOnly))).toBe("Sunset AI Studio's payout of $120.00 was approved");
  });

  it('still makes a sentence of an event type this build does not know, in every language', () => {
    for (const language of ['en-US', 'zh-CN', 'es-ES']) {
      const text = say(activity('something.new', {}), language);
      expect(text).toContain('Carmen’s Tacos');
      expect(text).not.toContain('something.new');
    }
    expect(say(activity('something.new', {}, {}))).toBe('Something changed for Someone');
  });

  it('leaves no placeholder unfilled for any known type', () => {
    const types = ['payment.completed', 'payment.refunded', 'account.registered', 'client.assigned', 'studio.assigned', 'settlement.applied', 'settlement.decided', 'video.scheduled', 'video.approval_requested', 'video.approval_given', 'video.changes_requested', 'video.published', 'video.approved', 'video.failed', 'video.milestone', 'connection.connected', 'connection.needs_reconnect'];
    for (const language of ['en-US', 'zh-CN', 'es-ES'])
      for (const type of types) expect(say(activity(type, { amount_cents: 100, platform: 'youtube', title: 'T', value: 1000, to_id: 1 }, { client: carmen, studio: sunset }), language)).not.toMatch(/\{\{|activity\./);
  });
});

describe('toneOf', () => {
  it('marks money, refunds, video and warnings apart', () => {
    expect(toneOf('payment.completed')).toBe('money');
    expect(toneOf('payment.refunded')).toBe('refund');
    expect(toneOf('video.milestone')).toBe('video');
    expect(toneOf('video.failed')).toBe('warning');
    expect(toneOf('client.assigned')).toBe('people');
  });
});
