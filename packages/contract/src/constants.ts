import { isOneOf } from './one-of.js';

/** Business constants and limits of spec §9, and the design's own. */
export const REQUEST_TIMEOUT_MS = 30_000;

export const LANGUAGES = ['en-US', 'zh-CN', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export function isLanguage(value: unknown): value is Language {
  return isOneOf(LANGUAGES, value);
}

/** Short language tags carried by the Accept-Language header the web client sends. */
export const API_LANGUAGES = ['en', 'zh', 'es'] as const;
export type ApiLanguage = (typeof API_LANGUAGES)[number];

export function apiLanguageOf(language: string | null | undefined): ApiLanguage {
  const tag = (language ?? '').trim().toLowerCase();
  if (tag.startsWith('zh')) return 'zh';
  if (tag.startsWith('es')) return 'es';
  return 'en';
}

/** The language a short tag names: what a request's language is written in (a PDF, a notice). */
export const LANGUAGE_OF: Record<ApiLanguage, Language> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' };

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_TRIES = 5;
export const EMAIL_CODE_RESEND_SECONDS = 60;
/** register: sign-up; forget: password reset; login: the second factor of a sign-in. */
export const EMAIL_CODE_SCENES = ['register', 'forget', 'login'] as const;
export type EmailCodeScene = (typeof EMAIL_CODE_SCENES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 32;

export const SESSION_TTL_DAYS = 1;
export const SESSION_REMEMBER_TTL_DAYS = 30;

export const WECHAT_MIN = 6;
export const WECHAT_MAX = 50;
export const PHONE_DIGITS = 10;
export const TAX_NUMBER_DIGITS = 9;

export const QR_SIZES = [128, 256, 512] as const;
export const DASHBOARD_RANGES = ['today', 'yesterday', '7d', '30d', '90d', 'all'] as const;
export const VIDEO_RANGES = ['all', '7d', '30d'] as const;
export const PUBLISH_PLATFORMS = [
  'tiktok',
  'youtube',
  'bilibili',
  'instagram',
  'weibo',
  'pinterest',
  'vk',
  'kuaishou',
  'facebook',
] as const;
export const PACKAGE_TYPES = ['business', 'studio', 'addon'] as const;
export const JOIN_TYPES = ['business', 'studio'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];

export const STUDIO_PLACES_PER_CITY = 100;
export const BILLING_PERIOD_DAYS = 30;

export const PROGRESS_BAR = { minimum: 0.3, speedMs: 500 } as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
