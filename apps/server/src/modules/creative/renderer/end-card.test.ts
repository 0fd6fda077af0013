import type { ScriptLanguage } from '@nearcast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandPalette, safeArea, type FrameSize } from './captions-ass.js';
import { layoutEndCard } from './end-card.js';
import { captionFonts, type CaptionFonts } from './fonts.js';
import { END_CARD_LAYOUTS } from './look-types.js';
import { LOOKS } from './looks.js';
import { insideSafeArea } from './quality-gate.js';

/**
 * Every end card's words inside the safe area by the quality gate's own measure, in every layout
 * and language at the three output sizes, with the demo's long names and two-line address, with
 * and without a logo and a coupon: a card the gate then flags on every draft is the layout's
 * fault, not the merchant's.
 */

let fonts: CaptionFonts;
beforeAll(async () => {
  fonts = await captionFonts();
});

const PALETTE = brandPalette('#7c2d12', '#facc15');
const BRANDS = {
  plain: { shopName: 'Carmen’s Tacos', address: '1200 Sunset Blvd, Los Angeles, CA 90026', callToAction: 'Come by tonight', phone: '2135550101' },
  crowded: {
    shopName: 'Carmen’s Tacos y Mariscos del Sunset',
    address: '1200 Sunset Boulevard, Suite 4, Los Angeles, CA 90026',
    callToAction: 'Order at the counter or call ahead',
    phone: '2135550101',
  },
};
const LANGUAGES: ScriptLanguage[] = ['en', 'es', 'zh'];
const SIZES: FrameSize[] = [
  { width: 1080, height: 1920 },
  { width: 720, height: 1280 },
  { width: 360, height: 640 },
];

describe('the end card', () => {
  it('keeps every word inside the safe area in every layout, language and size', () => {
    const outside: string[] = [];
    for (const layout of END_CARD_LAYOUTS) {
      const look = LOOKS.find((candidate) => candidate.endCard === layout)!;
      for (const language of LANGUAGES) {
        for (const size of SIZES) {
          for (const [name, brand] of Object.entries(BRANDS)) {
            for (const hasLogo of [true, false]) {
              for (const coupon of [undefined, 'TACO5']) {
                const card = layoutEndCard({
                  size,
                  fonts,
                  language,
                  ...brand,
                  qrLink: 'https://nearcast.example/go/k7m2q9',
                  hasLogo,
                  palette: PALETTE,
                  layout,
                  paletteUse: look.palette,
                  titleFont: look.titleFont,
                  ...(coupon ? { coupon } : {}),
                });
                const key = `${layout}/${language}/${size.width} ${name}${hasLogo ? ' logo' : ''}${coupon ? ' coupon' : ''}`;
                // The call to action's box is a drawing: its height is its path's, not a line's.
                for (const block of card.texts.filter((text) => text.style !== 'EndCtaBox')) {
                  if (!insideSafeArea(block, size)) outside.push(`${key}: ${block.lines.join(' / ')}`);
                }
                const safe = safeArea(size);
                if (card.qr && (card.qr.y < safe.top || card.qr.y + card.qr.size > safe.bottom + 1)) outside.push(`${key}: the QR code`);
              }
            }
          }
        }
      }
    }
    expect(outside).toEqual([]);
  });
});
