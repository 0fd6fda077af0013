import { describe, expect, it } from 'vitest';
import { isLanguage } from './constants.js';
import { isOneOf } from './one-of.js';

describe('isOneOf', () => {
  const LANGUAGES = ['en', 'es', 'zh'] as const;

  it('narrows a member of the list and refuses anything else', () => {
    const value: unknown = 'es';
    if (isOneOf(LANGUAGES, value)) {
      const language: (typeof LANGUAGES)[number] = value;
      expect(language).toBe('es');
    } else expect.unreachable();
    expect([isOneOf(LANGUAGES, 'fr'), isOneOf(LANGUAGES, null), isOneOf(LANGUAGES, undefined), isOneOf(LANGUAGES, 1), isOneOf(LANGUAGES, 'EN')]).toEqual([false, false, false, false, false]);
    expect(isOneOf([1, 2, 3] as const, 2)).toBe(true);
  });

  it('knows the platform’s languages by their full tags', () => {
    expect(['en-US', 'zh-CN', 'es-ES', 'en', 'fr-FR', null].map(isLanguage)).toEqual([true, true, true, false, false, false]);
  });
});
