import { MUSIC_BEDS, type ScriptBody } from '@nearcast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { charactersWithFonts, dialogues, styleFonts, visibleText } from './caption-test-kit.js';
import { brandPalette, buildCaptionsAss, type FrameSize } from './captions-ass.js';
import { layoutEndCard } from './end-card.js';
import { captionFonts, type CaptionFonts } from './fonts.js';
import { END_CARD_LAYOUTS } from './look-types.js';
import { LOOKS, lookById } from './looks.js';
import { autoMusicBed } from './music-beds.js';
import { planTimeline } from './timeline.js';

/**
 * The renderer's small marks, read back from the ASS document the render burns in: the end
 * card's headline in the look's display face, a Chinese caption's phone number without a stray
 * space inside its brackets, the end card's address at a legible size, and `auto` music drawn
 * from every bundled bed.
 */

let fonts: CaptionFonts;
beforeAll(async () => {
  fonts = await captionFonts();
});

const PALETTE = brandPalette('#1e3a8a', '#f59e0b');
const BRAND = { shopName: 'Carmen’s Tacos', address: '1234 Sunset Blvd, Los Angeles, CA 90026', callToAction: 'Come by tonight', qrLink: 'https://example.com/carmens', phone: '2135550101' };
const SCRIPT: ScriptBody = {
  title: '塔可',
  hook: { on_screen: '中午吃塔可', spoken: '每天早上手工压制的新鲜玉米饼。' },
  beats: [{ on_screen: '电话订座', spoken: '欢迎致电(213) 555-0101预订座位。' }],
  call_to_action: { on_screen: '今天就来', spoken: '今天就来尝尝吧！' },
  captions: [],
};

/** The captions document of a render in `look` at `size`, with the end card its layout places. */
function documentFor(lookId: string, size: FrameSize, language: 'en' | 'zh' = 'en'): string {
  const look = lookById(lookId);
  const endCard = layoutEndCard({ size, fonts, language, ...BRAND, hasLogo: true, palette: PALETTE, layout: look.endCard, paletteUse: look.palette, titleFont: look.titleFont });
  const timeline = planTimeline(SCRIPT, language, null);
  return buildCaptionsAss({ timeline, language, size, fonts, palette: PALETTE, shopName: BRAND.shopName, address: BRAND.address, textOnly: false, endCard: endCard.texts, look });
}

describe('the end card headline', () => {
  it('is set in the look’s display face, not the body font, in every look', () => {
    for (const look of LOOKS) {
      const ass = documentFor(look.id, { width: 1080, height: 1920 });
      const family = fonts.display[look.titleFont].family;
      expect(styleFonts(ass).get('EndCta'), look.id).toBe(family);
      const cta = dialogues(ass).find((event) => event.style === 'EndCta');
      expect(visibleText(cta!.text), look.id).toContain('Come by tonight');
      const drawn = charactersWithFonts(cta!.text, family).filter(({ char }) => /[A-Za-z]/.test(char));
      expect(drawn.length, look.id).toBeGreaterThan(0);
      for (const { family: used } of drawn) expect(used, look.id).toBe(family);
    }
    // The looks do not all share one face: the headline differs between them.
    expect(new Set(LOOKS.map((look) => styleFonts(documentFor(look.id, { width: 1080, height: 1920 })).get('EndCta'))).size).toBeGreaterThan(1);
  });
});

describe('a Chinese caption with a phone number', () => {
  it('shows “(213)” with no space inside the brackets, and the number whole', () => {
    const timeline = planTimeline(SCRIPT, 'zh', null);
    const said = timeline.cues.map((cue) => cue.text).join('');
    expect(said).toContain('(213)');
    expect(said).not.toMatch(/\(\s|\s\)/);
    expect(said).toContain('555-0101');
    const ass = documentFor('classic', { width: 1080, height: 1920 }, 'zh');
    const shown = dialogues(ass)
      .filter((event) => event.style === 'Caption' || event.style === 'Karaoke')
      .map((event) => visibleText(event.text))
      .join('|');
    expect(shown).toContain('(213)');
    expect(shown).not.toMatch(/\(\s|\s\)/);
  });
});

describe('the end card address', () => {
  it('is at least 40 px on a 1080×1920 frame in every layout, and as large in proportion at 360×640', () => {
    for (const size of [{ width: 1080, height: 1920 }, { width: 360, height: 640 }]) {
      for (const layout of END_CARD_LAYOUTS) {
        const look = LOOKS.find((candidate) => candidate.endCard === layout)!;
        const ass = documentFor(look.id, size);
        const address = dialogues(ass).find((event) => event.layer === 3 && visibleText(event.text).includes('Sunset'));
        expect(address, `${layout} at ${size.width}`).toBeDefined();
        const fontSize = Number(/\\fs(\d+)/.exec(address!.text)![1]);
        expect(fontSize, `${layout} at ${size.width}`).toBeGreaterThanOrEqual(Math.floor((40 * size.width) / 1080));
      }
    }
  });
});

describe('auto music', () => {
  it('draws from all twelve beds, the same bed again for the same render', () => {
    const seeds = Array.from({ length: 400 }, (_, index) => `render-${index}`);
    const chosen = new Set(seeds.map(autoMusicBed));
    expect(MUSIC_BEDS).toHaveLength(12);
    expect([...chosen].sort()).toEqual([...MUSIC_BEDS].sort());
    for (const seed of seeds.slice(0, 20)) expect(autoMusicBed(seed)).toBe(autoMusicBed(seed));
  });
});
