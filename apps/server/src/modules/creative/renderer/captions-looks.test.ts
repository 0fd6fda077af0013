import { SCRIPT_LANGUAGES, type ScriptLanguage } from '@nearcast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUE_BOUNDS, cueLength, groupWords, joinWords } from './caption-cues.js';
import { ALL_STYLES, captionsDocument, charactersWithFonts, dialogues, lookOf, normalised, SCRIPTS, SIZE, styleFonts, visibleText, type Dialogue } from './caption-test-kit.js';
import { lowerThird, safeArea } from './captions-ass.js';
import { captionFonts, type CaptionFonts } from './fonts.js';
import { LOWER_THIRD_STYLES } from './look-types.js';
import { planTimeline } from './timeline.js';
import { characterWords } from '../../../adapters/speech/index.js';

let fonts: CaptionFonts;
beforeAll(async () => {
  fonts = await captionFonts();
});

const HAN = /\p{Script=Han}/u;
const CAPTION_STYLES_IN_ASS = new Set(['Caption', 'Karaoke', 'Title']);

/** The longest stretch, in seconds, an event shows without anything moving (\k, \t, \move, \fad). */
function longestStill(event: Dialogue): number {
  const duration = event.end - event.start;
  const moving: Array<[number, number]> = [];
  const moments: number[] = [0, duration];
  for (const match of event.text.matchAll(/\\t\((\d+),(\d+),/g)) moving.push([Number(match[1]) / 1000, Number(match[2]) / 1000]);
  for (const match of event.text.matchAll(/\\move\([^)]*,(\d+),(\d+)\)/g)) moving.push([Number(match[1]) / 1000, Number(match[2]) / 1000]);
  for (const match of event.text.matchAll(/\\fad\((\d+),(\d+)\)/g)) moving.push([0, Number(match[1]) / 1000], [duration - Number(match[2]) / 1000, duration]);
  let elapsed = 0;
  for (const match of event.text.matchAll(/\\k(\d+)/g)) {
    elapsed += Number(match[1]) / 100;
    moments.push(elapsed);
  }
  for (const [from, to] of moving) moments.push(from, to);
  const still = moments.filter((moment) => !moving.some(([from, to]) => moment > from && moment < to)).sort((a, b) => a - b);
  let longest = 0;
  for (let index = 1; index < still.length; index += 1) {
    const gap = still[index]! - still[index - 1]!;
    const middle = (still[index]! + still[index - 1]!) / 2;
    if (!moving.some(([from, to]) => middle >= from && middle <= to)) longest = Math.max(longest, gap);
  }
  return longest;
}

describe('caption cues', () => {
  it('cuts lines into 2–4 words in English and Spanish and 6–10 characters in Chinese', () => {
    for (const language of SCRIPT_LANGUAGES) {
      const timeline = planTimeline(SCRIPTS[language], language, null);
      const bounds = CUE_BOUNDS[language];
      for (const cue of timeline.cues) {
        const length = cueLength(cue.text, language);
        expect(length, `${language}: ${cue.text}`).toBeLessThanOrEqual(bounds.max);
        expect(length, `${language}: ${cue.text}`).toBeGreaterThanOrEqual(bounds.min);
      }
    }
    // Eleven characters cannot make two cues of six: every cue stays under the maximum instead.
    const eleven = characterWords([{ text: '一二三四五六七八九十百', start: 0, end: 1 }]);
    expect(groupWords(eleven, 'zh').map((group) => group.length)).toEqual([6, 5]);
    // A line of one word is one cue.
    expect(groupWords([{ text: 'Hola' }], 'es')).toHaveLength(1);
  });

  it('ends a cue where a clause ends rather than running it across a sentence', () => {
    const words = 'Salsa made today! Carnitas for six hours.'.split(' ').map((text) => ({ text }));
    const texts = groupWords(words, 'en').map(joinWords);
    expect(texts).toEqual(['Salsa made today!', 'Carnitas for six hours.']);
  });

  it('joins Chinese without spaces but keeps a space between Han and Latin text', () => {
    expect(joinWords([{ text: '欢' }, { text: '迎' }, { text: 'Carmen’s' }, { text: 'Tacos，' }, { text: '好' }])).toBe('欢迎 Carmen’s Tacos，好');
  });
});

describe.each(ALL_STYLES)('the %s caption style', (style) => {
  it.each([...SCRIPT_LANGUAGES])('without a voice, shows the spoken words at reading pace and never holds a still caption past 2.5 s (%s)', (language: ScriptLanguage) => {
    const timeline = planTimeline(SCRIPTS[language], language, null);
    const ass = captionsDocument(fonts, timeline, language, lookOf(style));
    const events = dialogues(ass).filter((event) => CAPTION_STYLES_IN_ASS.has(event.style));
    expect(events.length).toBeGreaterThan(timeline.lines.length);
    for (const event of events) expect(longestStill(event), `${event.style} ${event.text}`).toBeLessThanOrEqual(2.5);
    // Every caption's time is covered: from each line's start to its end something is on screen.
    for (const line of timeline.lines) {
      const own = events.filter((event) => event.style !== 'Title' && event.start < line.end - 0.01 && event.end > line.start + 0.01);
      expect(Math.min(...own.map((event) => event.start))).toBeCloseTo(line.start, 1);
      expect(Math.max(...own.map((event) => event.end))).toBeCloseTo(line.end, 1);
    }
  });

  it.each([...SCRIPT_LANGUAGES])('keeps every caption inside the safe zone, in at most two lines (%s)', (language: ScriptLanguage) => {
    const timeline = planTimeline(SCRIPTS[language], language, null);
    for (const textOnly of [false, true]) {
      const ass = captionsDocument(fonts, timeline, language, lookOf(style), 'Carmen’s Tacos', textOnly);
      const safe = safeArea(SIZE);
      const thirdTop = lowerThird(SIZE, fonts, 'Carmen’s Tacos', '1200 Sunset Blvd, Los Angeles').top;
      for (const event of dialogues(ass).filter((candidate) => CAPTION_STYLES_IN_ASS.has(candidate.style))) {
        const face = event.style === 'Title' ? fonts.display[lookOf(style).titleFont] : fonts.bold;
        const align = Number(/\\an(\d)/.exec(event.text)![1]);
        const place = /\\pos\((-?\d+),(-?\d+)\)/.exec(event.text) ?? /\\move\((-?\d+),(-?\d+),/.exec(event.text);
        const moveEnd = /\\move\(-?\d+,-?\d+,(-?\d+),(-?\d+)/.exec(event.text);
        const size = Number(/\\fs(\d+)/.exec(event.text)![1]);
        const border = Number(/\\bord(\d+)/.exec(event.text)?.[1] ?? 0);
        const scale = Math.max(100, ...[...event.text.matchAll(/\\fscx(\d+)/g)].map((match) => Number(match[1]))) / 100;
        const lines = visibleText(event.text.replace(/\\N/g, '\n')).split('\n');
        expect(lines.length).toBeLessThanOrEqual(2);
        const width = Math.max(...lines.map((line) => face.width(line.trim(), size))) * scale + 2 * border;
        for (const [x, y] of [place, moveEnd].filter(Boolean).map((match) => [Number(match![1]), Number(match![2])] as const)) {
          expect(x - width / 2, event.text).toBeGreaterThanOrEqual(safe.left - 1);
          expect(x + width / 2, event.text).toBeLessThanOrEqual(SIZE.width * 0.85);
          const height = lines.length * size * scale;
          const top = align >= 7 ? y : align >= 4 ? y - height / 2 : y - height;
          expect(top, event.text).toBeGreaterThanOrEqual(safe.top - 1);
          expect(top + height, event.text).toBeLessThanOrEqual(textOnly || align !== 2 ? safe.bottom : thirdTop);
        }
      }
    }
  });
});

describe('fonts per script', () => {
  it('draws Latin text with the Latin font and Chinese with Noto Sans SC, in every layer of a Chinese video', () => {
    const timeline = planTimeline(SCRIPTS.zh, 'zh', null);
    for (const style of ALL_STYLES) {
      const ass = captionsDocument(fonts, timeline, 'zh', lookOf(style, { titleFont: 'display_serif' }), 'Carmen’s Tacos 卡门塔可');
      const families = styleFonts(ass);
      const events = dialogues(ass).filter((event) => !event.text.includes('\\p1'));
      // The shop's name in the lower third, and the spoken "Carmen’s Tacos" in the captions.
      const shop = events.find((event) => event.style === 'ShopName')!;
      const drawn = charactersWithFonts(shop.text, families.get(shop.style)!);
      expect(drawn.filter(({ char }) => /[A-Za-z’]/.test(char)).every(({ family }) => family === fonts.bold.latin.family)).toBe(true);
      expect(drawn.filter(({ char }) => HAN.test(char)).every(({ family }) => family === fonts.cjk.bold.family)).toBe(true);
      expect(shop.text).toContain(`\\fn${fonts.cjk.bold.family}`);
      const captionChars = events.filter((event) => CAPTION_STYLES_IN_ASS.has(event.style)).flatMap((event) => charactersWithFonts(event.text, families.get(event.style)!));
      const latin = captionChars.filter(({ char }) => /[A-Za-z’]/.test(char));
      expect(latin.length).toBeGreaterThan(0);
      for (const { char, family } of latin) expect([fonts.bold.latin.family, fonts.display.display_serif.latin.family], char).toContain(family);
      for (const { char, family } of captionChars.filter(({ char: c }) => HAN.test(c))) expect(family, char).toBe(fonts.cjk.bold.family);
    }
  });

  it('draws “Carmen’s” with a curly apostrophe without a full-width gap', () => {
    const size = 100;
    const em = fonts.bold.latin.emOf(size);
    const apostrophe = fonts.bold.width('’', size);
    // The Latin font's apostrophe is a narrow mark; the CJK font's is a full em, the gap.
    expect(apostrophe / em).toBeLessThan(0.35);
    expect(fonts.cjk.bold.width('’', size) / fonts.cjk.bold.emOf(size)).toBeGreaterThan(0.9);
    expect(fonts.bold.width('Carmen’s', size)).toBeCloseTo(fonts.bold.latin.width('Carmen’s', size), 6);
    expect(fonts.bold.width('Carmen’s', size)).toBeLessThan(fonts.bold.latin.width("Carmen's", size) * 1.1);
    // And the runs say so: one run in the Latin font, even inside Chinese text.
    expect(fonts.bold.runs('欢迎来 Carmen’s！').map((run) => [run.text, run.face.family])).toEqual([
      ['欢迎来 ', fonts.cjk.bold.family],
      ['Carmen’s', fonts.bold.latin.family],
      ['！', fonts.cjk.bold.family],
    ]);
    // Quotes around Chinese belong to the Chinese.
    expect(fonts.bold.runs('“好吃”').map((run) => run.face.family)).toEqual([fonts.cjk.bold.family]);
  });

  it('ships a real, distinct family for each Latin display font', () => {
    const families = Object.values(fonts.display).map((face) => face.latin.family);
    expect(new Set(families).size).toBe(families.length);
    for (const family of families) expect(fonts.families).toContain(family);
  });
});

describe('lower thirds', () => {
  it.each([...LOWER_THIRD_STYLES])('keeps the %s lower third inside the safe zone', (style) => {
    const safe = safeArea(SIZE);
    const third = lowerThird(SIZE, fonts, 'Carmen’s Tacos and Friends of the Valley', '1200 Sunset Blvd, Los Angeles, CA 90026', style);
    if (style === 'none') {
      expect(third.blocks).toEqual([]);
      return;
    }
    expect(third.top).toBeGreaterThan(SIZE.height * 0.6);
    for (const block of third.blocks) {
      expect(block.y).toBeLessThanOrEqual(SIZE.height * 0.8);
      if (block.tags?.includes('\\p1')) continue;
      const face = block.style.startsWith('Address') ? fonts.regular : fonts.bold;
      for (const line of block.lines) expect(block.x + face.width(line, block.size)).toBeLessThanOrEqual(safe.right);
    }
  });
});

describe('the words said are the words read', () => {
  it('gives the spoken words of every line, in order, across its cues', () => {
    for (const language of SCRIPT_LANGUAGES) {
      const timeline = planTimeline(SCRIPTS[language], language, null);
      for (const line of timeline.lines) {
        const cues = timeline.cues.filter((cue) => cue.lineIndex === line.index);
        expect(normalised(cues.map((cue) => cue.text).join(''))).toBe(normalised(line.spoken));
      }
    }
  });

  it('draws the cue texts in the ASS as they are, in every style', () => {
    for (const language of SCRIPT_LANGUAGES) {
      const timeline = planTimeline(SCRIPTS[language], language, null);
      for (const style of ALL_STYLES) {
        const events = dialogues(captionsDocument(fonts, timeline, language, lookOf(style))).filter((event) => event.style === 'Karaoke' || event.style === 'Caption');
        // word_pop builds a cue up word by word: its complete events are those hiding nothing.
        const complete = events.filter((event) => !event.text.includes('\\alpha&HFF&'));
        expect(normalised(complete.map((event) => visibleText(event.text)).join(''))).toBe(normalised(timeline.lines.map((line) => line.spoken).join('')));
      }
    }
  });
});
