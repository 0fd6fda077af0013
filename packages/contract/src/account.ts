import { z } from 'zod';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_SCENES, JOIN_TYPES, USERNAME_MAX, USERNAME_MIN } from './constants.js';
import { email, empty, id, isoTime, newPassword, ok, optionalText, plainString, usPhone, wechatId } from './fields.js';
import { ACCOUNT_STATUSES, AGENT_TYPES, ROLES } from './roles.js';

/** Spec §5 "Sign-in": every field is required, with one message for a missing one. */
const filled = (max = 128) =>
  plainString({ error: 'auth.fill_required' }).min(1, { error: 'auth.fill_required' }).max(max, { error: 'validation.too_long' });

const code = plainString({ error: 'auth.code_required' })
  .trim()
  .min(1, { error: 'auth.code_required' })
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), { error: 'auth.code_format' });

const username = plainString({ error: 'auth.username_required' })
  .trim()
  .min(1, { error: 'auth.username_required' })
  .min(USERNAME_MIN, { error: 'auth.username_length' })
  .max(USERNAME_MAX, { error: 'auth.username_length' });

function confirmed<T extends { password: string; confirm_password: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'auth.passwords_mismatch' });
  }
}

export const sendCodeRequest = z.strictObject({
  email: email(),
  scene: z.enum(EMAIL_CODE_SCENES, { error: 'validation.invalid_option' }),
});
export const sendCodeResponse = z.object({ resend_after_seconds: z.number().int() });

export const loginRequest = z.strictObject({
  email: email('auth.fill_required'),
  password: filled(),
  remember: z.boolean({ error: 'validation.expected_boolean' }).default(false),
  /** The emailed code, for accounts with two-factor authentication on. */
  code: code.optional(),
});

export const signRequest = z
  .strictObject({
    username,
    email: email(),
    password: newPassword(),
    confirm_password: filled(),
    code,
    /** Which side the visitor joins from: the shop-owner path (business) or the studio path. */
    join_type: z.enum(JOIN_TYPES, { error: 'validation.invalid_option' }).default('business'),
    /** A referral code from a promotion link. */
    ref: optionalText(64).optional(),
    remember: z.boolean({ error: 'validation.expected_boolean' }).default(false),
  })
  .superRefine(confirmed);

export const forgetRequest = z
  .strictObject({
    email: email(),
    code,
    password: newPassword(),
    confirm_password: filled(),
  })
  .superRefine(confirmed);

const complete = (max = 128) =>
  plainString({ error: 'profile.fill_complete' }).min(1, { error: 'profile.fill_complete' }).max(max, { error: 'validation.too_long' });

export const changePasswordRequest = z
  .strictObject({
    current_password: complete(),
    new_password: complete().pipe(newPassword('profile.fill_complete')),
    confirm_password: complete(),
  })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'profile.passwords_mismatch' });
    }
  });

export const notificationSettings = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  system: z.boolean(),
  marketing: z.boolean(),
  /** Publish notices gathered into one a day instead of one per post (absent: one per post). */
  publish_digest: z.boolean({ error: 'validation.expected_boolean' }).optional(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The fields a user may change on their own profile; nothing here touches role, scope or money. */
export const updateProfileRequest = z.strictObject({
  username: username.optional(),
  name: optionalText(100).optional(),
  phone: z.union([z.literal(''), usPhone('profile.phone_invalid')]).optional(),
  wechat: z.union([z.literal(''), wechatId('profile.wechat_length')]).optional(),
  bio: optionalText(500, { multiline: true }).optional(),
  two_factor_enabled: z.boolean({ error: 'validation.expected_boolean' }).optional(),
  notifications: notificationSettings.partial().optional(),
});

export const currentUser = z.object({
  id,
  token: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  wechat: z.string(),
  bio: z.string(),
  account_type: z.number().int(),
  role: z.enum(ROLES),
  agent_type: z.enum(AGENT_TYPES).nullable(),
  main_agent_id: z.number().int().nullable(),
  pay_status: z.number().int(),
  info_status: z.number().int(),
  status: z.enum(ACCOUNT_STATUSES),
  expire_time: isoTime.nullable(),
  company_short_name: z.string(),
  company_full_name: z.string(),
  tax_number: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  county: z.string(),
  address: z.string(),
  zip_code: z.string(),
  agent_id: z.number().int().nullable(),
  studio_id: z.number().int().nullable(),
  operator_id: z.number().int().nullable(),
  referral_code: z.string(),
  two_factor_enabled: z.boolean(),
  notifications: notificationSettings,
  register_time: isoTime,
  last_login: isoTime.nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const loginResponse = z.object({ token: z.string(), user: currentUser });

export const device = z.object({
  id,
  user_agent: z.string(),
  ip: z.string(),
  created_at: isoTime,
  last_seen_at: isoTime,
  expires_at: isoTime,
  current: z.boolean(),
});
export const devicesResponse = z.object({ list: z.array(device) });
export const revokeDeviceRequest = z.strictObject({ id });
/** How many other devices were signed out. */
export const revokeOthersResponse = z.object({ revoked: z.number().int() });

export { empty, ok };
