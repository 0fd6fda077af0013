import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, currentLanguage, initI18n, initialLanguage } from './i18n';
import { getLanguage, saveLanguage, storedLanguage } from './storage';

/**
 * A first visit follows the browser's language among en-US, zh-CN and es-ES, and keeps it (the
 * API's Accept-Language then says the same); the visitor's stored choice wins afterwards.
 */
class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const memory = new MemoryStorage();

beforeEach(() => {
  memory.clear();
  vi.stubGlobal('localStorage', memory);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the browser’s language', () => {
  it('is matched by its primary subtag, the first one we speak winning', () => {
    expect(browserLanguage(['es-MX', 'en-US'])).toBe('es-ES');
    expect(browserLanguage(['zh-TW'])).toBe('zh-CN');
    expect(browserLanguage(['zh-Hans-CN', 'es'])).toBe('zh-CN');
    expect(browserLanguage(['fr-FR', 'es_ES', 'en'])).toBe('es-ES');
    expect(browserLanguage(['en-GB'])).toBe('en-US');
    expect(browserLanguage(['fr-FR', 'de'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it('opens a first visit, and the default is kept for a browser we do not speak', () => {
    expect(initialLanguage(null, ['es-419', 'en'])).toBe('es-ES');
    expect(initialLanguage(null, ['zh-CN'])).toBe('zh-CN');
    expect(initialLanguage(null, ['fr-FR'])).toBe('en-US');
    expect(initialLanguage(null, [])).toBe('en-US');
  });

  it('gives way to the stored choice', () => {
    expect(initialLanguage('en-US', ['es-ES'])).toBe('en-US');
    expect(initialLanguage('zh-CN', ['es-ES', 'en-US'])).toBe('zh-CN');
    saveLanguage('en-US');
    vi.stubGlobal('navigator', { languages: ['es-ES'], language: 'es-ES' });
    expect(initialLanguage()).toBe('en-US');
  });
});

describe('the app’s start', () => {
  it('opens a first visit from a Spanish browser in Spanish and keeps it for the API and later visits', async () => {
    vi.stubGlobal('navigator', { languages: ['es-MX', 'en-US'], language: 'es-MX' });
    expect(storedLanguage()).toBeNull();
    await initI18n();
    expect(currentLanguage()).toBe('es-ES');
    // What the API client sends as Accept-Language reads the stored language.
    expect(getLanguage()).toBe('es-ES');
    expect(storedLanguage()).toBe('es-ES');
  });
});
