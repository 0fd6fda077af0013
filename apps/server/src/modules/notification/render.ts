import {
  type ApiLanguage,
  apiLanguageOf,
  DEFAULT_LANGUAGE,
  formatDay,
  formatDayTime,
  formatMonth,
  type Language,
  LANGUAGE_OF,
  LANGUAGES,
  type MessageKey,
  MESSAGES,
  type NotificationKind,
  PLATFORM_NAMES,
  type PublishTargetName,
  readStoredMessage,
} from '@nearcast/contract';

export type Params = Record<string, string | number | null>;


export function languageOf(lang: ApiLanguage): Language {
  return LANGUAGE_OF[lang];
}

/**
 * A platform's own words (an error it answered, in English) inside a sentence of the reader's
 * language: quoted and said to be the platform's, so a Chinese or Spanish notice reads as one
 * sentence in its language instead of switching to English halfway. English reads them as
 * they came.
 */
const PLATFORM_SAID: Record<Language, (words: string) => string> = {
  'en-US': (words) => words,
  'zh-CN': (words) => `平台返回“${words}”`,
  'es-ES': (words) => `la plataforma respondió «${words}»`,
};

/** Kinds whose reason is the publishing platform's answer, not words written in the app. */
const PLATFORM_REASON_KINDS: ReadonlySet<NotificationKind> = new Set(['video_failed']);

/** The values a template shows, formatted for the reader: money, dates, counts and platform names. */
function displayValues(language: Language, params: Params, kind?: NotificationKind): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) out[key] = value === null ? '—' : String(value);
  if (typeof params.amount_cents === 'number') {
    // As the web writes money in each language: a plain "$" with cents, never "US$".
    out.amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(
      params.amount_cents / 100,
    );
  }
  // Spec §9's date style in every language (formatDay, shared with the web and the PDFs). A day
  // or month is a calendar one stored in UTC (a plan's end day, a report's month), so it is
  // written in UTC and is the same day whatever the reader's zone.
  if (typeof params.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.date)) {
    out.date = formatDay(`${params.date}T00:00:00Z`, 'UTC');
  }
  for (const key of ['plays', 'videos']) if (typeof params[key] === 'number') out[key] = new Intl.NumberFormat(language).format(params[key]);
  // A calendar month (a monthly report's): 2026/10.
  if (typeof params.month === 'string' && /^\d{4}-\d{2}$/.test(params.month)) {
    out.month = formatMonth(`${params.month}-01T00:00:00Z`, 'UTC');
  }
  // A moment (an offer's hold running out) in UTC, and saying so: a notice, a mail above all,
  // does not know the reader's zone. 2026/11/28 18:05 UTC.
  if (typeof params.time === 'string' && !Number.isNaN(Date.parse(params.time))) {
    out.time = `${formatDayTime(params.time, 'UTC')} UTC`;
  }
  // One platform, or a post's several (one notice per post): "TikTok, Instagram and YouTube".
  if (typeof params.platform === 'string') {
    const names = params.platform.split(',').map((platform) => PLATFORM_NAMES[platform as PublishTargetName] ?? platform);
    out.platform = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
  }
  // A reason the platform stored as a message key (why a video failed) reads in this language.
  if (typeof params.reason === 'string' && params.reason.trim() !== '') {
    const read = readStoredMessage(apiLanguageOf(language), params.reason);
    // A stored message key reads in this language already; anything else is the platform's text.
    out.reason = read === params.reason && kind && PLATFORM_REASON_KINDS.has(kind) ? PLATFORM_SAID[language](read) : read;
  }
  for (const key of ['reason', 'comment', 'name', 'title']) if (out[key] === undefined || out[key] === '') out[key] = '—';
  return out;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** An interactive notification's title and body in the reader's language. */
export function renderKind(language: Language, kind: NotificationKind, params: Params): { title: string; body: string } {
  const catalogue = MESSAGES[language];
  const values = displayValues(language, params, kind);
  return {
    title: fill(catalogue[`notification.kind.${kind}.title` as MessageKey], values),
    body: fill(catalogue[`notification.kind.${kind}.body` as MessageKey], values),
  };
}

/** An announcement's text in the reader's language, else in the first language it was written in. */
export function pickLanguage(texts: Partial<Record<Language, string>>, language: Language): string {
  const own = texts[language];
  if (own) return own;
  const fallback = texts[DEFAULT_LANGUAGE] || LANGUAGES.map((l) => texts[l]).find((text) => text);
  return fallback ?? '';
}

export function message(language: Language, key: MessageKey): string {
  return MESSAGES[language][key];
}
