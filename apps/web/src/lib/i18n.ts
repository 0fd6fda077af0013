import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES } from '@nearcast/contract';
import dayjs from 'dayjs';
import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { saveLanguage, storedLanguage } from './storage';

/** Namespaces of src/locales/<lang>/<ns>.json, loaded on demand per page. */
export const NAMESPACES = ['common', 'home', 'auth', 'profile', 'dashboard', 'privacy', 'org', 'area', 'promotion', 'pricing', 'payment', 'onboarding', 'verification', 'finance', 'material', 'content', 'item', 'learning', 'video', 'notification', 'creative', 'audit', 'report'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The contract's wire messages (validation keys, server errors) are registered as the
 * `messages` namespace, so a schema issue such as 'auth.fill_required' renders through
 * `t('messages:auth.fill_required')` in the same words the server would use.
 */
export const MESSAGES_NS = 'messages';

// Each catalogue is its own small chunk: a visitor downloads only their language's namespaces.
const catalogues = import.meta.glob<{ default: ResourceLanguage }>('../locales/*/*.json');

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === MESSAGES_NS) {
      import('./contract-messages').then(
        ({ MESSAGES }) => callback(null, (MESSAGES as Record<string, ResourceLanguage | undefined>)[language] ?? {}),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
      return;
    }
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const dayjsLocales: Record<Language, () => Promise<string>> = {
  'en-US': () => Promise.resolve('en'),
  'zh-CN': () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
  'es-ES': () => import('dayjs/locale/es').then(() => 'es'),
};

async function applyDayjsLocale(language: Language): Promise<void> {
  try {
    dayjs.locale(await dayjsLocales[language]());
  } catch {
    dayjs.locale('en');
  }
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const i18n = i18next;

/**
 * The supported language a browser's preferred ones (navigator.languages, best first) ask for,
 * matched by their primary subtag: es-MX reads Spanish, zh-TW and zh-Hans Chinese, en-GB English.
 * Null when none of them is one we speak.
 */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary);
    if (match) return match;
  }
  return null;
}

function browserPreferred(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The language a page opens in: the visitor's stored choice when there is one; on a first visit
 * (nothing stored) the browser's language among ours, else the default.
 */
export function initialLanguage(stored: Language | null = storedLanguage(), preferred: readonly string[] = browserPreferred()): Language {
  return stored ?? browserLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

/**
 * Starts the catalogues in `language`, or, left out (the app's start), in the initial language,
 * which a first visit then keeps: the API's messages (its Accept-Language) and later visits
 * follow it, and the visitor's own choice replaces it whenever made.
 */
export async function initI18n(language?: Language): Promise<void> {
  if (i18next.isInitialized) return;
  if (language === undefined) {
    language = initialLanguage();
    if (storedLanguage() === null) saveLanguage(language);
  }
  applyDocumentLanguage(language);
  await Promise.all([
    i18next
      .use(lazyCatalogues)
      .use(initReactI18next)
      .init({
        lng: language,
        supportedLngs: [...LANGUAGES],
        fallbackLng: DEFAULT_LANGUAGE,
        load: 'currentOnly',
        // Every screen reads these two; pages add theirs through loadNamespaces.
        ns: ['common', MESSAGES_NS],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false,
        react: { useSuspense: true },
      }),
    applyDayjsLocale(language),
  ]);
}

/** Switches the interface language and remembers it (spec §1: a stored language preference). */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  applyDocumentLanguage(language);
  await Promise.all([i18next.changeLanguage(language), applyDayjsLocale(language)]);
}

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Loads a page's namespaces ahead of rendering it, so the page does not suspend twice. */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

/**
 * A contract message key (from a zod issue or a server answer) in the current language,
 * with its {{placeholders}} filled; text that is not a key is shown as it is.
 */
export function translateMessage(keyOrText: string, params: Record<string, unknown> = {}): string {
  const key = `${MESSAGES_NS}:${keyOrText}`;
  return i18next.exists(key) ? i18next.t(key, params) : keyOrText;
}
