import type { Brief } from '@nearcast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { createBriefTranslator } from './brief-translator.js';

/**
 * brief/update with per-language texts (docs/decisions/077): partial updates per language, a
 * plain string going to the language it is written in, a text in the wrong language's box
 * refused in the caller's language unless confirmed, emoji and a 200-character offer accepted.
 */
let t: TestApp;
let w: VideoWorld;
let merchant: number;

const update = (body: object, lang?: 'en' | 'zh' | 'es') => t.call<Brief>('/v1/creative/brief/update', { merchant_id: merchant, ...body }, { token: w.tokens.get('studio'), ...(lang ? { lang } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  w = await videoWorld(t);
  merchant = w.ids.get('client')!;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('brief/update per language', () => {
  it('changes only the languages sent, and puts a plain string in the language it is written in', async () => {
    const first = await update({ offer: { en: 'Taco Tuesday: two tacos for $5', es: 'Martes de tacos: dos por $5' } });
    expect(first.code, first.msg).toBe('200');
    expect(first.data.offer).toEqual({ en: 'Taco Tuesday: two tacos for $5', es: 'Martes de tacos: dos por $5', zh: '' });
    const partial = await update({ offer: { zh: '塔可星期二：两个只要5美元 🌮' } });
    expect(partial.data.offer).toEqual({ en: 'Taco Tuesday: two tacos for $5', es: 'Martes de tacos: dos por $5', zh: '塔可星期二：两个只要5美元 🌮' });
    const plain = await update({ call_to_action: '¡Pide en el mostrador o llámanos!' });
    expect(plain.data.call_to_action).toEqual({ en: '', es: '¡Pide en el mostrador o llámanos!', zh: '' });
    expect(plain.data.translated).toEqual({ hours: [], offer: [], call_to_action: [] });
    const read = await t.call<Brief>('/v1/creative/brief/get', { merchant_id: merchant }, { token: w.tokens.get('studio') });
    expect(read.data.offer.zh).toBe('塔可星期二：两个只要5美元 🌮');
  });

  it('refuses a text in another language’s box, naming the field and language, in the caller’s language', async () => {
    for (const [lang, message] of [
      ['en', 'This does not read as Spanish'],
      ['zh', '这段文字看起来不是西班牙文'],
      ['es', 'Esto no parece español'],
    ] as const) {
      const answer = await update({ offer: { es: 'Two tacos for $5 every Tuesday' } }, lang);
      expect(answer.status).toBe(400);
      expect((answer.data as unknown as { fields: Record<string, string> }).fields).toEqual({ 'offer.es': message });
    }
    const confirmed = await update({ offer: { es: 'Two tacos for $5 every Tuesday' }, confirm_languages: true });
    expect(confirmed.code, confirmed.msg).toBe('200');
    expect(confirmed.data.offer.es).toBe('Two tacos for $5 every Tuesday');
    // A text already saved is not checked again when something else is saved.
    expect((await update({ tone: 'calm' })).code).toBe('200');
  });

  it('takes a 200-character offer and refuses a longer one with a clear message', async () => {
    expect((await update({ offer: { en: `Two tacos for $5 ${'and more '.repeat(40)}`.slice(0, 200) } })).code).toBe('200');
    const long = await update({ offer: { en: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
  });
});

describe('brief translator', () => {
  const config = { LLM_BASE_URL: 'http://llm.test/v1', LLM_API_KEY: undefined, LLM_MODEL: 'm', LLM_TIMEOUT_SECONDS: 5 };
  const answering = (text: string) =>
    (() => Promise.resolve(new Response(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ text }) } }] }), { status: 200 }))) as unknown as typeof fetch;

  it('is absent without a model', () => {
    expect(createBriefTranslator({ ...config, LLM_BASE_URL: undefined })).toBeNull();
  });

  it('keeps an answer in the language asked for and drops one that is not', async () => {
    expect(await createBriefTranslator(config, { fetch: answering('Martes de tacos: dos tacos por $5') })!.translate('Taco Tuesday: two tacos for $5', 'en', 'es', 'offer')).toBe('Martes de tacos: dos tacos por $5');
    expect(await createBriefTranslator(config, { fetch: answering('Taco Tuesday: two tacos for $5') })!.translate('Taco Tuesday: two tacos for $5', 'en', 'zh', 'offer')).toBeNull();
  });
});
