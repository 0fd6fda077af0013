import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

// A package speaks the visitor's language (decision 020): its name, tag and features come in
// Chinese or Spanish when the super admin gave them, each falling back to English on its own.

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.login('super@example.com');
});
afterAll(() => t.close());

type Texts = { name: string; tag: string; features: string[] };
type Pkg = Texts & { id: number; texts: { en: Texts; zh: Texts; es: Texts } };

const english = {
  name: 'Corner Shop',
  tag: 'New',
  type: 'business',
  base_price_cents: 50_000,
  actual_price_cents: 40_000,
  features: ['Three videos a day', 'A dedicated studio'],
};

describe('package texts per language', () => {
  it('answers each language its own words, falling back to English field by field', async () => {
    const created = await t.call<Pkg>(
      '/v1/price/add',
      { ...english, translations: { zh: { name: '街角小店', tag: '新', features: ['每天三条视频', '专属工作室'] }, es: { name: 'Tienda de barrio' } } },
      { token: superToken },
    );
    expect(created.code).toBe('200');
    const id = created.data.id;

    const en = await t.call<Pkg>('/v1/price/get', { id }, { lang: 'en-US' });
    expect(en.data).toMatchObject({ name: 'Corner Shop', tag: 'New', features: english.features });

    const zh = await t.call<Pkg>('/v1/price/get', { id }, { lang: 'zh-CN' });
    expect(zh.data).toMatchObject({ name: '街角小店', tag: '新', features: ['每天三条视频', '专属工作室'] });

    // Spanish has only a name: the tag and features stay English rather than going blank.
    const es = await t.call<{ list: Pkg[] }>('/v1/price/list', { page_size: 100 }, { lang: 'es-ES' });
    expect(es.data.list.find((row) => row.id === id)).toMatchObject({ name: 'Tienda de barrio', tag: 'New', features: english.features });

    // The form gets every language's stored words, whatever the request's language.
    expect(zh.data.texts).toEqual({
      en: { name: 'Corner Shop', tag: 'New', features: english.features },
      zh: { name: '街角小店', tag: '新', features: ['每天三条视频', '专属工作室'] },
      es: { name: 'Tienda de barrio', tag: '', features: [] },
    });
  });

  it('updates the translations without touching the English, and refuses a language it does not know', async () => {
    const created = await t.call<Pkg>('/v1/price/add', english, { token: superToken });
    const id = created.data.id;
    const updated = await t.call<Pkg>('/v1/price/update', { id, translations: { es: { name: 'Tienda', features: ['Tres vídeos al día'] } } }, { token: superToken, lang: 'es-ES' });
    expect(updated.data.texts.en.name).toBe('Corner Shop');
    expect(updated.data.texts.es).toEqual({ name: 'Tienda', tag: '', features: ['Tres vídeos al día'] });
    const statusOnly = await t.call<Pkg>('/v1/price/update', { id, status: 'disabled' }, { token: superToken });
    // A status switch leaves the translations as they were.
    expect(statusOnly.data.texts.es.name).toBe('Tienda');

    const bad = await t.call('/v1/price/update', { id, translations: { fr: { name: 'Boutique' } } }, { token: superToken });
    expect(bad.code).toBe('400');
  });
});
