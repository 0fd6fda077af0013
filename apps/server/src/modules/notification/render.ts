import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  MESSAGES,
  apiLanguageOf,
  PLATFORM_NAMES,
  readStoredMessage,
  type ApiLanguage,
  type Language,
  type MessageKey,
  type NotificationKind,
  type PublishTargetName,
} from '@nearcast/contract';

export type Params = Record<string, string | number | null>;

const BY_API_LANGUAGE: Record<ApiLanguage, Language> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' };

export function languageOf(lang: ApiLanguage): Language {
  return BY_API_LANGUAGE[lang];
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The values a template shows, formatted for the reader: money, days and platform names. */
function displayValues(language: Language, params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) out[key] = value === null ? '—' : String(value);
  if (typeof params.amount_cents === 'number') {
    out.amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(params.amount_cents / 100);
  }
  if (typeof params.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.date)) {
    out.date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${params.date}T00:00:00Z`));
  }
  if (typeof params.platform === 'string') out.platform = PLATFORM_NAMES[params.platform as PublishTargetName] ?? params.platform;
  // A reason the platform stored as a message key (why a video failed) reads in this language.
  if (typeof params.reason === 'string') out.reason = readStoredMessage(apiLanguageOf(language), params.reason);
  for (const key of ['reason', 'comment', 'name', 'title']) if (out[key] === undefined || out[key] === '') out[key] = '—';
  return out;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** An interactive notification's title and body in the reader's language. */
export function renderKind(language: Language, kind: NotificationKind, params: Params): { title: string; body: string } {
  const catalogue = MESSAGES[language];
  const values = displayValues(language, params);
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
