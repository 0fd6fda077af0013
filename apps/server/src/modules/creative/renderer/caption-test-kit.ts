import type { ScriptBody, ScriptLanguage } from '@nearcast/contract';
import { brandPalette, buildCaptionsAss, DEFAULT_LOOK, type CaptionsLook } from './captions-ass.js';
import type { CaptionFonts } from './fonts.js';
import { CAPTION_STYLES, type CaptionStyle } from './look-types.js';
import type { Timeline } from './timeline.js';

/**
 * What the caption tests share: a script per language, the document for a look, and the ASS
 * read back (events, the text a viewer sees, the font each character is drawn with).
 */

export const SIZE = { width: 1080, height: 1920 };

/** What a render-graph test does not vary: add the timeline and clips (and a look, a palette). */
export const GRAPH_INPUT = {
  size: SIZE,
  palette: { primary: '#1e3a8a', accent: '#f59e0b', ink: '#0f1d45', highlight: '#f9c55b', onPrimary: '#ffffff', accentBox: '#7a4f05', onAccent: '#111111' },
  captionsFile: '/w/captions.ass',
  coverAssFile: '/w/cover.ass',
  fontsDir: '/w/fonts',
  endCard: { texts: [], logo: null, qr: null, ctaBox: null },
  qrFile: null,
  logoPath: null,
  voice: null,
  music: null,
  videoFile: '/w/video.mp4',
  coverFile: '/w/cover.jpg',
  encoder: { preset: 'veryfast', crf: 23, maxrateKbps: 6000, audioKbps: 128, x264Params: 'rc-lookahead=5', decoderThreads: 1 },
  loudness: { integrated: -14, truePeak: -1, range: 11 },
};

export const SCRIPTS: Record<ScriptLanguage, ScriptBody> = {
  en: {
    title: 'Tacos',
    hook: { on_screen: 'Tacos at noon', spoken: 'Fresh tortillas, pressed by hand every single morning at Carmen’s.' },
    beats: [
      { on_screen: 'Slow-cooked', spoken: 'Carnitas slow-cooked for six hours. Salsa made today!' },
      { on_screen: '2 for $5', spoken: 'Two tacos for five dollars on Tuesdays.' },
    ],
    call_to_action: { on_screen: 'Come by', spoken: 'Come by Carmen’s Tacos tonight.' },
    captions: [],
  },
  es: {
    title: 'Tacos',
    hook: { on_screen: 'Tacos al mediodía', spoken: '¿Tortillas recién hechas? Cada mañana, a mano, en Carmen’s.' },
    beats: [
      { on_screen: 'A fuego lento', spoken: 'Carnitas a fuego lento durante seis horas.' },
      { on_screen: '2 por 5 $', spoken: 'Dos tacos por cinco dólares los martes.' },
    ],
    call_to_action: { on_screen: 'Ven hoy', spoken: '¡Ven hoy a Carmen’s Tacos!' },
    captions: [],
  },
  zh: {
    title: '塔可',
    hook: { on_screen: '中午吃塔可', spoken: '每天早上手工压制的新鲜玉米饼，就在 Carmen’s Tacos。' },
    beats: [
      { on_screen: '慢炖六小时', spoken: '猪肉慢炖六个小时，莎莎酱当天现做。' },
      { on_screen: '两个五美元', spoken: '每周二两个塔可只要五美元。' },
    ],
    call_to_action: { on_screen: '今天就来', spoken: '今天就来尝尝吧！' },
    captions: [],
  },
};

export const lookOf = (style: CaptionStyle, overrides: Partial<CaptionsLook> = {}): CaptionsLook => ({
  ...DEFAULT_LOOK,
  caption: { style, position: style === 'word_pop' ? 'middle' : 'lower', uppercase: style === 'kinetic_lines' },
  ...overrides,
});
export const ALL_STYLES = [...CAPTION_STYLES];

export function captionsDocument(fonts: CaptionFonts, timeline: Timeline, language: ScriptLanguage, look: CaptionsLook, shopName = 'Carmen’s Tacos', textOnly = false): string {
  return buildCaptionsAss({ timeline, language, size: SIZE, fonts, palette: brandPalette('#7c2d12', '#facc15'), shopName, address: '1200 Sunset Blvd, Los Angeles', textOnly, endCard: [], look });
}

export interface Dialogue {
  layer: number;
  start: number;
  end: number;
  style: string;
  text: string;
}

export function dialogues(ass: string): Dialogue[] {
  const seconds = (value: string) => {
    const [h, m, s] = value.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return ass
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => {
      const fields = line.slice('Dialogue: '.length).split(',');
      return { layer: Number(fields[0]), start: seconds(fields[1]!), end: seconds(fields[2]!), style: fields[3]!, text: fields.slice(9).join(',') };
    });
}

/** The Fontname of each style in the document. */
export function styleFonts(ass: string): Map<string, string> {
  const fonts = new Map<string, string>();
  for (const line of ass.split('\n')) {
    if (!line.startsWith('Style: ')) continue;
    const [name, font] = line.slice('Style: '.length).split(',');
    fonts.set(name!, font!);
  }
  return fonts;
}

/** Each visible character of an event with the family libass draws it in (the style's, then each \fn). */
export function charactersWithFonts(text: string, styleFont: string): Array<{ char: string; family: string }> {
  const result: Array<{ char: string; family: string }> = [];
  let family = styleFont;
  for (const part of text.split(/(\{[^}]*\})/)) {
    if (part.startsWith('{')) {
      const switched = /\\fn([^\\}]+)/.exec(part);
      if (switched) family = switched[1]!;
      continue;
    }
    for (const char of part.replace(/\\N/g, '')) if (char.trim()) result.push({ char, family });
  }
  return result;
}

/** The words a viewer reads in an event. */
export const visibleText = (text: string) => text.replace(/\{[^}]*\}/g, '').replace(/\\N/g, ' ');

/** Letters and digits only, lower case, without accents: what "the same words" means. */
export const normalised = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
