import { z } from 'zod';
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_DIGITS,
  WECHAT_MAX,
  WECHAT_MIN,
} from './constants.js';
import type { MessageKey } from './messages/index.js';

/** The largest PostgreSQL `integer`: ids and counts above it would reach the database as a 500. */
export const INT32_MAX = 2_147_483_647;

/**
 * C0 control characters and DEL. NUL cannot be stored in PostgreSQL text at all, and the others
 * have no place in a name, a search or a code; multi-line texts keep tab and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Half of a UTF-16 surrogate pair without its other half. JSON may carry one (`"\ud800"`), but
 * it is no character: PostgreSQL refuses it in jsonb (a '500') and a text column silently
 * stores U+FFFD instead of what was sent.
 */
// A low half is matched with what comes before it rather than by lookbehind, which Safari
// before 16.4 cannot parse (the contract ships in the web bundle too).
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The embedding, override and isolate controls of the bidirectional algorithm. The product
 * speaks English, Chinese and Spanish, where they have no use; in a name or a caption they
 * make a reader see text in another order than it was written (a username that shows as
 * another's, a file name ending in a different extension).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * What shows nothing: white space, the zero-width and other default-ignorable characters
 * (U+200B, U+200D, U+2060, U+FEFF, variation selectors, tags…) and the blank braille pattern.
 * `.trim()` removes only the white space, so "\u200B" used to pass as a filled-in name.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;
const WHITE_SPACE_ONLY = /^\p{White_Space}*$/u;

/** True when `value` has something in it, but nothing a reader can see (blank text is not). */
function isInvisibleOnly(value: string): boolean {
  return !WHITE_SPACE_ONLY.test(value) && INVISIBLE_ONLY.test(value);
}

/**
 * The one text type of every request: a string without control characters (tab and line
 * breaks too, unless `multiline`), without unpaired surrogates or bidirectional controls, and
 * never made only of invisible characters. Blank text is left to `.trim()` and `.min(1)`, so a
 * required field still says it is required.
 */
export function plainString(options: { error?: MessageKey; multiline?: boolean } = {}) {
  const control = options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS;
  return z
    .string({ error: options.error ?? 'validation.expected_string' })
    .refine((value) => !UNPAIRED_SURROGATE.test(value), { error: 'validation.unpaired_surrogate', abort: true })
    .refine((value) => !control.test(value), { error: 'validation.control_characters', abort: true })
    .refine((value) => !BIDI_CONTROLS.test(value), { error: 'validation.bidi_controls', abort: true })
    .refine((value) => !isInvisibleOnly(value), { error: 'validation.invisible_only', abort: true });
}

/**
 * Every request passes this after its own schema (endpoints.ts), so that a string a schema
 * declares bare (`z.string()`, a record's values, a key of a record), today or later, still
 * never carries NUL, another control character or an unpaired surrogate to the database. It
 * names the field like any other problem.
 */
export function refuseUnsafeStrings(value: unknown, ctx: z.RefinementCtx): void {
  const visit = (node: unknown, path: (string | number)[], depth: number): void => {
    if (depth > 32) return;
    if (typeof node === 'string') {
      if (UNPAIRED_SURROGATE.test(node)) ctx.addIssue({ code: 'custom', path, message: 'validation.unpaired_surrogate' });
      else if (CONTROL_CHARACTERS_BUT_LINES.test(node)) ctx.addIssue({ code: 'custom', path, message: 'validation.control_characters' });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, index], depth + 1));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (UNPAIRED_SURROGATE.test(key)) ctx.addIssue({ code: 'custom', path: [...path, key], message: 'validation.unpaired_surrogate' });
        else visit(item, [...path, key], depth + 1);
      }
    }
  };
  visit(value, [], 0);
}

/**
 * Where in a parsed JSON value (keys included) the first unpaired surrogate is, as a field
 * path such as `captions.0.text`, or null. The server checks every JSON body with it before
 * any schema, so no route, declared through the contract or not, hands one to the database.
 */
export function findUnpairedSurrogate(value: unknown): string | null {
  // Iterative, each step pointing at its parent: a body may nest deeper than the call stack
  // goes, and copying the path at every level would cost its square.
  interface Step {
    node: unknown;
    key: string | null;
    parent: Step | null;
  }
  const pathOf = (step: Step | null, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let at = step; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.') || '_';
  };
  const stack: Step[] = [{ node: value, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { node } = step;
    if (typeof node === 'string') {
      if (UNPAIRED_SURROGATE.test(node)) return pathOf(step);
    } else if (node && typeof node === 'object') {
      const entries = Object.entries(node);
      for (const [key] of entries) if (UNPAIRED_SURROGATE.test(key)) return pathOf(step, key);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        if (typeof item === 'string' || (item && typeof item === 'object')) stack.push({ node: item, key, parent: step });
      }
    }
  }
  return null;
}

/**
 * Field builders shared by every area's schemas. Their messages are message keys
 * (messages/en-US.ts), which the server and the web render in the user's language.
 */
export function requiredText(key: MessageKey, max = 255) {
  return plainString({ error: key })
    .trim()
    .min(1, { error: key })
    .max(max, { error: 'validation.too_long' });
}

/** Free text; `multiline` for the few fields typed in a text area (a bio, a message). */
export function optionalText(max = 255, options: { multiline?: boolean } = {}) {
  return plainString(options).trim().max(max, { error: 'validation.too_long' });
}

/** The keyword of a list or picker search. */
export function keyword() {
  return plainString().trim().max(100, { error: 'validation.too_long' });
}

export function email(requiredKey: MessageKey = 'auth.email_required') {
  return plainString({ error: requiredKey })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredKey })
    .max(254, { error: 'auth.email_invalid' })
    .pipe(z.email({ error: 'auth.email_invalid' }));
}

let isCommonPassword: (password: string) => boolean = () => false;

/**
 * Installs the check of the common-password list used by every `newPassword()` field. The
 * server installs it (the list is large, so the web bundle goes without and learns of a
 * common password from the server's '400'); fields built before or after alike use it.
 */
export function installCommonPasswordCheck(check: (password: string) => boolean): void {
  isCommonPassword = check;
}

/** A new password: letters and digits, 8 to 128 characters, and not a commonly used one. */
export function newPassword(requiredKey: MessageKey = 'auth.password_required') {
  return plainString({ error: requiredKey })
    .min(1, { error: requiredKey })
    .min(PASSWORD_MIN, { error: 'auth.password_weak' })
    .max(PASSWORD_MAX, { error: 'auth.password_weak' })
    .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), { error: 'auth.password_weak', abort: true })
    .refine((value) => !isCommonPassword(value), { error: 'auth.password_common' });
}

/** A 10-digit US phone number; separators such as spaces, dots, dashes and brackets are dropped. */
export function usPhone(requiredKey: MessageKey) {
  return plainString({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .transform((value) => value.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), { error: 'profile.phone_invalid' }));
}

export function wechatId(requiredKey: MessageKey) {
  return plainString({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .min(WECHAT_MIN, { error: 'profile.wechat_length' })
    .max(WECHAT_MAX, { error: 'profile.wechat_length' });
}

/** A row id: a positive PostgreSQL `integer`. */
export const id = z
  .number({ error: 'validation.expected_number' })
  .int({ error: 'validation.expected_number' })
  .positive({ error: 'validation.too_small' })
  .max(INT32_MAX, { error: 'validation.too_big' });

/** A row id the user picks from a list, with the form's own message when it is missing. */
export function idOf(requiredKey: MessageKey) {
  return z
    .number({ error: requiredKey })
    .int({ error: requiredKey })
    .positive({ error: requiredKey })
    .max(INT32_MAX, { error: 'validation.too_big' });
}

/** A whole number between `min` and `max` (never beyond a PostgreSQL `integer`). */
export function integer(min: number, max: number) {
  return z
    .number({ error: 'validation.expected_number' })
    .int({ error: 'validation.expected_number' })
    .min(min, { error: 'validation.too_small' })
    .max(Math.min(max, INT32_MAX), { error: 'validation.too_big' });
}

/** True when the year, month and day name a day that exists (Date.UTC rolls 30 February over to March). */
function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar day as YYYY-MM-DD that exists: 2024-02-30 and 2024-13-45 have the right shape
 * but would reach the database as a 500.
 */
export const isoDate = plainString().refine(
  (value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
  },
  { error: 'validation.date_invalid' },
);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The shape of `isoDateTime` and a real time in it: JavaScript's parser rolls 2027-02-30
 * over to 2 March and reads 24:00 as the next day, so the parts are checked one by one.
 */
export function isRealDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const part = (index: number) => Number(match[index] ?? 0);
  if (!isRealDay(part(1), part(2), part(3))) return false;
  // Seconds are optional (0); a leap second (60) is refused, as JavaScript has no place for it.
  if (part(4) > 23 || part(5) > 59 || part(6) > 59) return false;
  // RFC 3339's offsets: hours 00-23, minutes 00-59 (`Z` has none).
  return part(7) <= 23 && part(8) <= 59;
}

/**
 * The one date-time field of every request: an instant as ISO 8601 with its offset
 * (`2026-12-01T18:00:00-08:00` or `…Z`; a bare local time is ambiguous), seconds and up to
 * three decimals optional, on a day that exists and at a time that exists (no 30 February,
 * no 24:00, no minute 60; a leap day of a leap year is a day like any other).
 */
export const isoDateTime = plainString({ error: 'validation.date_time_invalid' }).refine(isRealDateTime, {
  error: 'validation.date_time_invalid',
});

/** A time in a response: the server writes it (`toISOString()`), so it is not checked again. */
export const isoTime = z.string();

/** `{ page, page_size }` of every list (design.md: page from 1, size 20 by default, at most 100). */
export const pageQuery = {
  page: integer(1, INT32_MAX).default(1),
  page_size: z
    .number({ error: 'validation.expected_number' })
    .int()
    .min(1, { error: 'validation.too_small' })
    .max(PAGE_SIZE_MAX, { error: 'validation.too_big' })
    .default(PAGE_SIZE_DEFAULT),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export const empty = z.strictObject({});
export const ok = z.null();
