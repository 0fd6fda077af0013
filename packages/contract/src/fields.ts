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

/**
 * Field builders shared by every area's schemas. Their messages are message keys
 * (messages/en-US.ts), which the server and the web render in the user's language.
 */
export function requiredText(key: MessageKey, max = 255) {
  return z
    .string({ error: key })
    .trim()
    .min(1, { error: key })
    .max(max, { error: 'validation.too_long' });
}

export function optionalText(max = 255) {
  return z.string({ error: 'validation.expected_string' }).trim().max(max, { error: 'validation.too_long' });
}

export function email(requiredKey: MessageKey = 'auth.email_required') {
  return z
    .string({ error: requiredKey })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredKey })
    .max(254, { error: 'auth.email_invalid' })
    .pipe(z.email({ error: 'auth.email_invalid' }));
}

/** A new password: letters and digits, 8 to 128 characters. */
export function newPassword(requiredKey: MessageKey = 'auth.password_required') {
  return z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .min(PASSWORD_MIN, { error: 'auth.password_weak' })
    .max(PASSWORD_MAX, { error: 'auth.password_weak' })
    .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), { error: 'auth.password_weak' });
}

/** A 10-digit US phone number; separators such as spaces, dots, dashes and brackets are dropped. */
export function usPhone(requiredKey: MessageKey) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .transform((value) => value.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), { error: 'profile.phone_invalid' }));
}

export function wechatId(requiredKey: MessageKey) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .min(WECHAT_MIN, { error: 'profile.wechat_length' })
    .max(WECHAT_MAX, { error: 'profile.wechat_length' });
}

export const id = z.number({ error: 'validation.expected_number' }).int().positive();
export const isoTime = z.string();

/** `{ page, page_size }` of every list (design.md: page from 1, size 20 by default, at most 100). */
export const pageQuery = {
  page: z.number({ error: 'validation.expected_number' }).int().min(1, { error: 'validation.too_small' }).default(1),
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
