import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { SCRIPT_LANGUAGES, readStoredMessage, type Brief, type ScriptLanguage } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { briefIn, briefLanguageNotes, mismatchedTexts } from './brief-language.js';
import { rewriteHours } from './hours-format.js';
import { detectLanguage, fitsLanguage, latinWords, spaceHanLatin } from './language-detect.js';
import { localizePlaces, placeNameIn } from './place-names.js';
import { createScriptWriter } from './script-writer.js';
import { hashtagOf } from './script-captions.js';

/** A brief in the new shape, as brief/get answers it. */
function brief(overrides: Partial<Brief> = {}): Brief {
  return {
    merchant_id: 7,
    merchant_name: 'Carmen Tacos LLC',
    shop_name: "Carmen's Tacos",
    category: 'restaurant',
    address: '1820 E Cesar Chavez Ave, Los Angeles, CA 90033',
    phone: '(323) 555-0134',
    hours: { en: 'Mon–Sat 11 am – 10 pm', es: '', zh: '' },
    offer: { en: 'Taco Tuesday: two tacos for $5', es: 'Martes de tacos: dos tacos por $5', zh: '塔可星期二：两个塔可只要5美元' },
    call_to_action: { en: 'Order at the counter or call ahead', es: 'Pide en el mostrador o llámanos', zh: '到店点餐或提前打电话' },
    translated: { hours: [], offer: [], call_to_action: [] },
    link: '',
    tone: 'energetic',
    brand_colors: { primary: '#b91c1c', accent: '#facc15' },
    logo_footage_id: null,
    music: 'auto',
    music_footage_id: null,
    voice: 'none',
    languages: ['en', 'es', 'zh'],
    update_time: null,
    ...overrides,
  };
}

const writer = createScriptWriter(
  { LLM_BASE_URL: undefined, LLM_API_KEY: undefined, LLM_MODEL: undefined, LLM_TIMEOUT_SECONDS: 30 },
  { fetch: () => Promise.reject(new Error('the template engine must not reach the network')) },
);

/** Every text layer of a script: title, each line on screen and spoken, each caption. */
function layers(body: Awaited<ReturnType<typeof writer.write>>[number]['body']): string[] {
  const lines = [body.hook, ...body.beats, body.call_to_action];
  return [body.title, ...lines.flatMap((line) => [line.on_screen, line.spoken]), ...body.captions.map((item) => item.caption)];
}

/** A text without the names that stay as the merchant writes them (shop, street, link), split at line breaks. */
function ownWords(text: string, names: readonly string[]): string[] {
  let rest = text;
  for (const name of names) rest = rest.split(name).join(' ');
  return rest.split(/\n+/).filter((part) => part.trim() !== '');
}

/** Whether a text carries another language: Han in English or Spanish, Latin words in Chinese, the other of English and Spanish. */
function foreignIn(text: string, language: ScriptLanguage): string | null {
  if (language === 'zh') {
    const latin = latinWords(text).filter((word) => !/^(am|pm)$/.test(word));
    return latin.length > 0 ? latin.join(' ') : null;
  }
  if (/\p{Script=Han}/u.test(text)) return 'Han characters';
  return fitsLanguage(text, language) ? null : `${detectLanguage(text)}`;
}

describe('language detection', () => {
  it.each([
    ['Taco Tuesday: two tacos for $5', 'en'],
    ['Order at the counter or call ahead', 'en'],
    ['¡Pide en el mostrador o llámanos!', 'es'],
    ['Tu primera clase es gratis', 'es'],
    ['每周二全场八折', 'zh'],
    ['Taco Tuesday 两个塔可只要5美元', 'zh'],
    ['11:00–22:00 🌮', null],
    ['Привет', 'other'],
  ] as const)('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('lets an undecided Latin text (a dish name) stand in English and Spanish, not in Chinese', () => {
    expect(detectLanguage('Carnitas')).toBe('latin');
    expect(fitsLanguage('Carnitas', 'en')).toBe(true);
    expect(fitsLanguage('Carnitas', 'es')).toBe(true);
    expect(fitsLanguage('Carnitas', 'zh')).toBe(false);
  });

  it('flags each text in another language’s box, emoji and prices alone fitting every box', () => {
    const texts = {
      hours: { en: '11:00–22:00', es: '', zh: '' },
      offer: { en: '每周二全场八折', es: 'Two tacos for $5', zh: '🌮🌮 $5' },
      call_to_action: { en: 'Order now 🔥', es: '', zh: 'Call us today' },
    };
    expect(mismatchedTexts(texts)).toEqual([
      { field: 'offer', language: 'en' },
      { field: 'offer', language: 'es' },
      { field: 'call_to_action', language: 'zh' },
    ]);
  });
});

describe('place names and Chinese spacing', () => {
  it('writes a city of the table in the video’s language, any other as given', () => {
    expect(placeNameIn('Los Angeles', 'es')).toBe('Los Ángeles');
    expect(placeNameIn('Los Angeles', 'zh')).toBe('洛杉矶');
    expect(placeNameIn('Los Angeles', 'en')).toBe('Los Angeles');
    expect(placeNameIn('Houston', 'zh')).toBe('休斯敦');
    expect(placeNameIn('Houston', 'es')).toBe('Houston');
    expect(placeNameIn('Smallville', 'zh')).toBe('Smallville');
    expect(localizePlaces('1820 E Cesar Chavez Ave, Los Angeles, CA 90033', 'zh')).toBe('1820 E Cesar Chavez Ave, 洛杉矶, CA 90033');
    expect(localizePlaces('12 Angeles Crest Hwy, Pasadena, CA', 'es')).toBe('12 Angeles Crest Hwy, Pasadena, CA');
  });

  it('puts a space between Han and Latin runs, digits staying joined', () => {
    expect(spaceHanLatin("欢迎来Carmen's Tacos吃饭")).toBe("欢迎来 Carmen's Tacos 吃饭");
    expect(spaceHanLatin('上午11点–晚上10点')).toBe('上午11点–晚上10点');
    expect(spaceHanLatin('在 Carmen 吃')).toBe('在 Carmen 吃');
  });
});

describe('hours in each language', () => {
  it('rewrites simple English hours into Spanish and Chinese, and leaves anything else alone', () => {
    expect(rewriteHours('Mon–Sat 11 am – 10 pm', 'es')).toBe('lun–sáb 11:00–22:00');
    expect(rewriteHours('Mon–Sat 11 am – 10 pm', 'zh')).toBe('周一至周六 上午11点–晚上10点');
    expect(rewriteHours('Mon–Fri 3 – 9 pm, Sat 9 am – 2 pm', 'zh')).toBe('周一至周五 下午3点–晚上9点，周六 上午9点–下午2点');
    expect(rewriteHours('Daily 10 am – 9 pm', 'es')).toBe('todos los días 10:00–21:00');
    expect(rewriteHours('Closed on Sundays, otherwise till late', 'es')).toBeNull();
  });

  it('uses a language’s own hours first, then a rewrite, else none', () => {
    expect(briefIn(brief(), 'zh').hours).toBe('周一至周六 上午11点–晚上10点');
    expect(briefIn(brief({ hours: { en: 'Mon–Sat 11 am – 10 pm', es: 'de lunes a sábado, de 11 a 22 h', zh: '' } }), 'es').hours).toBe('de lunes a sábado, de 11 a 22 h');
    expect(briefIn(brief({ hours: { en: 'Open late most nights', es: '', zh: '' } }), 'zh').hours).toBe('');
  });
});

describe('each language’s scripts carry only their own language', () => {
  // Names the merchant writes one way in every language (the shop and its hashtag, the street, the state and
  // ZIP), and the city as the language names it ("Los Angeles" reads as Spanish to a word count).
  const names = (b: Brief, language: ScriptLanguage) => [hashtagOf(b.shop_name), b.shop_name, b.merchant_name, b.address.split(',')[0]!, 'CA 90033', b.phone, placeNameIn('Los Angeles', language)];

  it.each(SCRIPT_LANGUAGES)('%s: hook, beats, call to action, captions and title, brand names aside', async (language) => {
    for (const b of [brief(), brief({ offer: { en: 'Taco Tuesday: two tacos for $5', es: '', zh: '' }, call_to_action: { en: 'Order at the counter or call ahead', es: '', zh: '' } })]) {
      const scripts = await writer.write({ brief: b, language, count: 6, platforms: ['tiktok', 'instagram', 'youtube', 'facebook', 'weibo'], recent: new Set(), seed: `lang-${language}` });
      for (const script of scripts) {
        for (const layer of layers(script.body)) {
          for (const part of ownWords(layer, names(b, language))) expect(foreignIn(part, language), `${language}: ${JSON.stringify(part)}`).toBeNull();
        }
        const text = JSON.stringify(script.body);
        // Another language's offer and call to action never reach this language's video.
        for (const other of SCRIPT_LANGUAGES.filter((item) => item !== language)) {
          if (b.offer[other]) expect(text).not.toContain(b.offer[other].slice(0, 12));
          if (b.call_to_action[other]) expect(text).not.toContain(b.call_to_action[other].slice(0, 12));
        }
      }
    }
  });

  it('writes the city in the video’s language and the Chinese hours in Chinese form', async () => {
    const zh = await writer.write({ brief: brief(), language: 'zh', count: 12, platforms: ['instagram'], recent: new Set(), seed: 'places' });
    const zhText = JSON.stringify(zh.map((script) => script.body));
    expect(zhText).not.toContain('Los Angeles');
    expect(zhText).toContain('洛杉矶');
    expect(zhText).toContain('上午11点');
    const es = await writer.write({ brief: brief(), language: 'es', count: 12, platforms: ['instagram'], recent: new Set(), seed: 'places' });
    const esText = JSON.stringify(es.map((script) => script.body));
    expect(esText).toContain('Los Ángeles');
    expect(esText).not.toContain('Mon–Sat');
  });
});

describe('notes on what a language’s video does without', () => {
  it('names the missing Spanish offer and call to action in the reader’s language', () => {
    const b = brief({ offer: { en: 'Taco Tuesday: two tacos for $5', es: '', zh: '' }, call_to_action: { en: 'Order now', es: '', zh: '到店点餐' } });
    const notes = briefLanguageNotes(b, 'es');
    expect(notes.map((note) => readStoredMessage('en', note))).toEqual([
      'No Spanish offer in the brief: the video leaves the offer out',
      "No Spanish call to action in the brief: the template library's own was used",
    ]);
    expect(readStoredMessage('zh', notes[0]!)).toBe('简报中没有西班牙文优惠：视频未提优惠');
    expect(readStoredMessage('es', notes[0]!)).toBe('El briefing no tiene oferta en español: el vídeo omite la oferta');
    expect(briefLanguageNotes(brief(), 'en')).toEqual([]);
  });

  it('says so when the call to action asks to call and the brief has no phone', () => {
    const notes = briefLanguageNotes(brief({ phone: '' }), 'es').map((note) => readStoredMessage('en', note));
    expect(notes).toEqual(['The call to action asks viewers to call, but the brief has no phone number: the end card shows none']);
  });
});

describe('migration 0048', () => {
  it('moves each old brief text into the language it is written in', async () => {
    const db = new PGlite();
    await db.exec(`CREATE TABLE creative_briefs (merchant_id int PRIMARY KEY, hours text NOT NULL DEFAULT '', offer text NOT NULL DEFAULT '', call_to_action text NOT NULL DEFAULT '')`);
    await db.exec(`INSERT INTO creative_briefs VALUES
      (1, 'Mon–Sat 11 am – 10 pm', 'Taco Tuesday: two tacos for $5', 'Order at the counter or call ahead'),
      (2, '', '每周二全场八折', '¡Pide en el mostrador o llámanos!'),
      (3, 'lunes a sábado', 'Tu primera clase es gratis', '')`);
    const migration = readFileSync(new URL('../../../drizzle/0048_brief_in_every_language.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.exec(statement);
    const { rows } = await db.query<Pick<Brief, 'hours' | 'offer' | 'call_to_action' | 'translated'>>('SELECT hours, offer, call_to_action, translated FROM creative_briefs ORDER BY merchant_id');
    expect(rows[0]).toEqual({
      hours: { en: 'Mon–Sat 11 am – 10 pm', es: '', zh: '' },
      offer: { en: 'Taco Tuesday: two tacos for $5', es: '', zh: '' },
      call_to_action: { en: 'Order at the counter or call ahead', es: '', zh: '' },
      translated: { hours: [], offer: [], call_to_action: [] },
    });
    expect(rows[1]!.offer).toEqual({ en: '', es: '', zh: '每周二全场八折' });
    expect(rows[1]!.call_to_action).toEqual({ en: '', es: '¡Pide en el mostrador o llámanos!', zh: '' });
    expect(rows[2]!.hours).toEqual({ en: '', es: 'lunes a sábado', zh: '' });
    expect(rows[2]!.offer).toEqual({ en: '', es: 'Tu primera clase es gratis', zh: '' });
    // The SQL decides as language-detect.ts does.
    for (const text of ['Taco Tuesday: two tacos for $5', '每周二全场八折', '¡Pide en el mostrador o llámanos!', 'Tu primera clase es gratis']) {
      expect(['en', 'es', 'zh']).toContain(detectLanguage(text));
    }
    await db.close();
  }, 120_000);
});
