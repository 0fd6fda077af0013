import type { ApiLanguage, Language } from '../constants.js';
import { enUS, type MessageCatalogue, type MessageKey } from './en-US.js';
import { esES } from './es-ES.js';
import { zhCN } from './zh-CN.js';

export { enUS, esES, zhCN };
export type { MessageCatalogue, MessageKey };

export const MESSAGES: Record<Language, MessageCatalogue> = { 'en-US': enUS, 'zh-CN': zhCN, 'es-ES': esES };

const byApiLanguage: Record<ApiLanguage, MessageCatalogue> = { en: enUS, zh: zhCN, es: esES };

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(enUS, value);
}

/** Renders a message key with {{placeholders}}; an unknown key is returned as it is. */
export function formatMessage(
  language: ApiLanguage,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = isMessageKey(key) ? byApiLanguage[language][key] : key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A message kept in a row until someone reads it (why a job waits or failed): its key and
 * parameters, so each reader sees it in their own language.
 */
export function storedMessage(key: MessageKey, params: Record<string, string | number> = {}): string {
  return `${key}|${JSON.stringify(params)}`;
}

/** A stored message in the reader's language; any other text (a platform's own words) as it is. */
export function readStoredMessage(language: ApiLanguage, stored: string): string {
  const match = /^([a-z_]+(?:\.[a-z_]+)+)\|(\{.*\})$/s.exec(stored);
  if (!match || !isMessageKey(match[1]!)) return stored;
  try {
    return formatMessage(language, match[1]!, JSON.parse(match[2]!) as Record<string, string | number>);
  } catch {
    return stored;
  }
}
