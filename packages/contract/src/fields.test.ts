import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { id, installCommonPasswordCheck, isoDate, isoDateTime, keyword, newPassword, optionalText, refuseControlCharacters, requiredText } from './fields.js';
import { api } from './index.js';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('ids are PostgreSQL integers', () => {
  it('accepts 1 and 2147483647 and refuses the rest', () => {
    expect(id.safeParse(1).success).toBe(true);
    expect(id.safeParse(2_147_483_647).success).toBe(true);
    expect(firstMessage(id, 2_147_483_648)).toBe('validation.too_big');
    expect(firstMessage(id, 0)).toBe('validation.too_small');
    expect(firstMessage(id, 1.5)).toBe('validation.expected_number');
    expect(firstMessage(api.area.list.request, { parent_id: 2_147_483_648 })).toBe('validation.too_big');
    expect(firstMessage(api.price.get.request, { id: 9_007_199_254_740_991 })).toBe('validation.too_big');
  });
});

describe('control characters', () => {
  it('are refused in single-line text, keywords and emails', () => {
    expect(firstMessage(requiredText('pricing.name_required'), 'a\u0000b')).toBe('validation.control_characters');
    expect(firstMessage(keyword(), 'shop\u0000')).toBe('validation.control_characters');
    expect(firstMessage(keyword(), 'a\tb')).toBe('validation.control_characters');
    expect(firstMessage(optionalText(), '\u001bx')).toBe('validation.control_characters');
    expect(firstMessage(optionalText(), 'x\u007f')).toBe('validation.control_characters');
    expect(firstMessage(api.account.login.request, { email: 'a\u0000@b.co', password: 'x' })).toBe('validation.control_characters');
    expect(firstMessage(api.payment.callback.request, { session_id: 'a\u0000' })).toBe('validation.control_characters');
  });

  it('keep tab and line breaks in multi-line text, never NUL', () => {
    expect(api.account.update.request.safeParse({ bio: 'line one\nline two\tend\r\n' }).success).toBe(true);
    expect(firstMessage(api.account.update.request, { bio: 'x\u0000y' })).toBe('validation.control_characters');
    expect(firstMessage(api.contact.add.request, { mobile: '2025550123', wechat_id: 'wechat_1', message: 'a\u0000' })).toBe(
      'validation.control_characters',
    );
  });

  it('are caught by the check every endpoint applies, even in a string a schema declares bare', () => {
    const bare = z.strictObject({ notes: z.array(z.object({ text: z.string() })) });
    expect(bare.safeParse({ notes: [{ text: 'a\u0000' }] }).success).toBe(true);
    const guarded = bare.superRefine(refuseControlCharacters);
    const result = guarded.safeParse({ notes: [{ text: 'a\u0000' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['notes', 0, 'text'], message: 'validation.control_characters' });
    expect(guarded.safeParse({ notes: [{ text: 'two\nlines' }] }).success).toBe(true);
  });
});

describe('dates', () => {
  it('accept real days only', () => {
    expect(isoDate.safeParse('2024-02-29').success).toBe(true);
    expect(isoDate.safeParse('2025-12-31').success).toBe(true);
    for (const day of ['2024-02-30', '2023-02-29', '2024-13-45', '2024-00-10', '2024-04-31', '0000-01-01', '2024-1-1', '2024-01-01T00:00']) {
      expect(firstMessage(isoDate, day), day).toBe('validation.date_invalid');
    }
    expect(firstMessage(api.client.list.request, { registered_from: '2024-02-30' })).toBe('validation.date_invalid');
    expect(firstMessage(api.account.list.request, { registered_to: '2024-13-45' })).toBe('validation.date_invalid');
  });
});

/** Shaped like a date-time, but no such moment exists: JavaScript's own parser takes most of them. */
const IMPOSSIBLE_DATE_TIMES = [
  '2027-02-30T10:00:00Z',
  '2027-02-29T10:00:00Z',
  '2100-02-29T10:00:00Z',
  '2027-04-31T10:00:00-07:00',
  '2027-13-01T10:00:00Z',
  '2027-00-10T10:00:00Z',
  '2027-01-00T10:00:00Z',
  '2027-01-01T24:00:00Z',
  '2027-01-01T23:60:00Z',
  '2027-01-01T23:59:60Z',
  '2027-01-01T10:00:00+24:00',
  '2027-01-01T10:00:00-05:60',
  '0000-01-01T00:00:00Z',
];

describe('date-times', () => {
  it('accept real moments with an offset, leap days of leap years among them', () => {
    for (const value of [
      '2028-02-29T10:00:00Z',
      '2000-02-29T00:00:00+08:00',
      '2026-12-01T18:00:00-08:00',
      '2026-12-01T18:00-08:00',
      '2026-12-31T23:59:59.999Z',
      '2026-06-30T00:00:00+14:00',
    ]) {
      expect(isoDateTime.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuse impossible days and times, and times without an offset, with one message', () => {
    for (const value of [...IMPOSSIBLE_DATE_TIMES, '2026-12-01T18:00:00', '2026-12-01', '2026-12-01 18:00:00Z', 'tomorrow', '']) {
      expect(firstMessage(isoDateTime, value), value).toBe('validation.date_time_invalid');
    }
    expect(firstMessage(isoDateTime, 5)).toBe('validation.date_time_invalid');
  });

  it('are the one schema of every date-time a request takes', () => {
    const live = { title: 'Live', time_zone: 'UTC', duration_minutes: 30 };
    expect(firstMessage(api.live.add.request, { ...live, start_time: '2027-02-30T10:00:00Z' })).toBe('validation.date_time_invalid');
    expect(firstMessage(api.content.update.request, { id: 1, start_time: '2027-01-01T24:00:00Z' })).toBe('validation.date_time_invalid');
    const announcement = { title: { 'en-US': 'Hi' }, body: { 'en-US': 'Hello' }, audience: ['client'] };
    expect(firstMessage(api.notification.announcementAdd.request, { ...announcement, send_time: '2027-04-31T09:00:00Z' })).toBe('validation.date_time_invalid');
    expect(firstMessage(api.video.update.request, { id: 1, schedule_at: '2027-02-29T10:00:00Z' })).toBe('validation.date_time_invalid');
    expect(firstMessage(api.creative.draftApprove.request, { id: 1, schedule_at: '2027-01-01T10:60:00Z' })).toBe('validation.date_time_invalid');
    expect(api.live.add.request.safeParse({ ...live, start_time: '2028-02-29T10:00:00Z' }).success).toBe(true);
  });
});

describe('new passwords', () => {
  afterEach(() => installCommonPasswordCheck(() => false));

  it('use the installed common-password check, case-insensitively when the check says so', () => {
    const schema = newPassword();
    expect(schema.safeParse('password1').success).toBe(true);
    installCommonPasswordCheck((value) => value.toLowerCase() === 'password1');
    expect(firstMessage(schema, 'password1')).toBe('auth.password_common');
    expect(firstMessage(api.account.sign.request, { username: 'ab', email: 'a@b.co', password: 'Password1', confirm_password: 'Password1', code: '123456' })).toBe(
      'auth.password_common',
    );
    expect(schema.safeParse('Nearcast-demo-1').success).toBe(true);
  });
});
