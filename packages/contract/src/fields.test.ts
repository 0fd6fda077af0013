import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  findUnpairedSurrogate,
  id,
  installCommonPasswordCheck,
  isoDate,
  isoDateTime,
  keyword,
  newPassword,
  optionalText,
  refuseUnsafeStrings,
  requiredText,
} from './fields.js';
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
    const guarded = bare.superRefine(refuseUnsafeStrings);
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

/** Every string a request takes, as `endpoint path → field path` and its schema. */
function requestStrings(): { where: string; schema: z.ZodType }[] {
  const found: { where: string; schema: z.ZodType }[] = [];
  const walk = (schema: z.ZodType, where: string): void => {
    const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    const inner = (key: string) => walk(def[key] as z.ZodType, where);
    switch (def.type) {
      case 'string':
        found.push({ where, schema });
        return;
      case 'object':
        for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(value, `${where}.${key}`);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return inner('innerType');
      case 'pipe':
        return inner('in');
      case 'array':
        return walk(def.element as z.ZodType, `${where}[]`);
      case 'union':
        return (def.options as z.ZodType[]).forEach((option) => walk(option, where));
      case 'intersection':
        return ['left', 'right'].forEach(inner);
      case 'record':
        return walk(def.valueType as z.ZodType, `${where}{}`);
      case 'tuple':
        return (def.items as z.ZodType[]).forEach((item, index) => walk(item, `${where}[${index}]`));
      default:
        return;
    }
  };
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const endpoint = node as { kind?: string; path?: string; request?: z.ZodType; fields?: z.ZodType };
    if (endpoint.kind === 'json' && endpoint.request) return walk(endpoint.request, endpoint.path ?? '?');
    if (endpoint.kind === 'multipart' && endpoint.fields) return walk(endpoint.fields, endpoint.path ?? '?');
    for (const child of Object.values(node)) visit(child);
  };
  visit(api);
  return found;
}

describe('the one text type', () => {
  it('refuses an unpaired surrogate, at either end of a pair, and keeps real pairs', () => {
    for (const value of ['\uD800', 'a\uDBFFb', '\uDC00', 'x\uDFFF', '\uDE00\uD83D']) {
      expect(firstMessage(requiredText('pricing.name_required'), value), JSON.stringify(value)).toBe('validation.unpaired_surrogate');
      expect(firstMessage(optionalText(500, { multiline: true }), value), JSON.stringify(value)).toBe('validation.unpaired_surrogate');
    }
    expect(requiredText('pricing.name_required').parse('Tacos 🌮 \uD83D\uDE00')).toBe('Tacos 🌮 \uD83D\uDE00');
  });

  it('refuses text made only of zero-width or other invisible characters, and still says blank is required', () => {
    for (const value of ['\u200B', '\u200B\u200C\u200D', ' \u2060 ', '\uFEFF\u200B', '\u3164', '\u2800', '\uFE0F', '\u{E0041}']) {
      expect(firstMessage(requiredText('pricing.name_required'), value), JSON.stringify(value)).toBe('validation.invisible_only');
      expect(firstMessage(optionalText(), value), JSON.stringify(value)).toBe('validation.invisible_only');
    }
    expect(firstMessage(requiredText('pricing.name_required'), '   ')).toBe('pricing.name_required');
    expect(optionalText().parse('  ')).toBe('');
    // A visible character beside them is text like any other: emoji sequences join with U+200D.
    expect(requiredText('pricing.name_required').parse('👩\u200D🍳 Cafe')).toBe('👩\u200D🍳 Cafe');
    expect(firstMessage(api.account.update.request, { name: '\u200B\u200B' })).toBe('validation.invisible_only');
  });

  it('refuses bidirectional overrides and isolates in usernames, names and any other text', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(firstMessage(api.account.update.request, { username: `admin${control}txt.exe` }), JSON.stringify(control)).toBe('validation.bidi_controls');
    }
    expect(firstMessage(api.account.update.request, { name: 'Ana \u202Eanaj' })).toBe('validation.bidi_controls');
    expect(firstMessage(keyword(), 'a\u2067b')).toBe('validation.bidi_controls');
    // The marks (U+200E, U+200F) change no order and stay allowed.
    expect(api.account.update.request.safeParse({ name: 'Ana\u200E' }).success).toBe(true);
  });

  it('is the type of every string a request takes: each refuses all three', () => {
    const strings = requestStrings();
    expect(strings.length).toBeGreaterThan(100);
    const bare = strings.filter(({ schema }) => ['\uD800', '\u200B\u200D', 'a\u202Eb'].some((value) => schema.safeParse(value).success));
    expect(bare.map(({ where }) => where)).toEqual([]);
  });

  it('and what a schema declares bare is still caught by the check every endpoint applies', () => {
    const guarded = z.strictObject({ meta: z.record(z.string(), z.unknown()) }).superRefine(refuseUnsafeStrings);
    expect(guarded.safeParse({ meta: { note: 'a\uD800' } }).error?.issues[0]).toMatchObject({ path: ['meta', 'note'], message: 'validation.unpaired_surrogate' });
    expect(guarded.safeParse({ meta: { 'k\uDC00': 1 } }).error?.issues[0]).toMatchObject({ path: ['meta', 'k\uDC00'], message: 'validation.unpaired_surrogate' });
    expect(guarded.safeParse({ meta: { ok: ['\uD83D\uDE00'] } }).success).toBe(true);
  });

  it('finds an unpaired surrogate anywhere in a JSON body, keys too, however deep', () => {
    expect(findUnpairedSurrogate(JSON.parse('{"a":[{"b":"x"},{"c":"\\ud800"}]}'))).toBe('a.1.c');
    expect(findUnpairedSurrogate(JSON.parse('{"a":{"\\udfff":1}}'))).toBe('a.\uDFFF');
    expect(findUnpairedSurrogate(JSON.parse('"\\ud800"'))).toBe('_');
    expect(findUnpairedSurrogate(JSON.parse('{"a":"\\ud83d\\ude00","n":5}'))).toBeNull();
    const deep = JSON.parse(`${'['.repeat(20_000)}"\\udc00"${']'.repeat(20_000)}`);
    expect(findUnpairedSurrogate(deep)).toBe(Array.from({ length: 20_000 }, () => '0').join('.'));
  });
});
