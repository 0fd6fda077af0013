import type { ScriptLanguage } from '@nearcast/contract';
import { contrast, drawableText, fitOrTruncate, fitText, luminance, safeArea, wrapText, type FittedText, type FrameSize, type Palette } from './captions-ass.js';
import type { CaptionFonts, TextFace } from './fonts.js';
import type { EndCardLayoutName, LatinDisplayFont, PaletteUse } from './look-types.js';

/**
 * The end card's words measured for a column, and its colours for the look's use of the
 * palette: what every layout of end-card.ts arranges.
 */

/** What an end card shows and how (end-card.ts arranges it by `layout`). */
export interface EndCardInput {
  size: FrameSize;
  fonts: CaptionFonts;
  language: ScriptLanguage;
  callToAction: string;
  shopName: string;
  address: string;
  qrLink: string | null;
  hasLogo: boolean;
  /** The shop's phone as the brief has it; shown whenever there is one (a viewer can always call). */
  phone?: string;
  /** The brand's colours: without them the words keep their styles' colours on the primary. */
  palette?: Palette;
  layout?: EndCardLayoutName;
  paletteUse?: PaletteUse;
  /** The look's title face: the call to action is set in it (the body bold without one). */
  titleFont?: LatinDisplayFont;
  /** The brief's coupon code: a line in the video's language names it; none, or '', leaves the card as it was. */
  coupon?: string;
}

const SCAN_HINT: Record<ScriptLanguage, string> = { en: 'Scan to visit us', es: 'Escanea para visitarnos', zh: '扫码了解更多' };
const CALL: Record<ScriptLanguage, string> = { en: 'Call', es: 'Llama al', zh: '电话' };
/** The coupon's line: what a customer does with the code at the shop, `{code}` standing for it. */
const COUPON: Record<ScriptLanguage, string> = { en: 'Say {code} at the counter', es: 'Di {code} en el mostrador', zh: '到店出示优惠码 {code}' };

/**
 * A coupon code as drawn: half-width (NFKC turns a full-width "ＴＡＣＯ５" into "TACO5", which
 * the Latin face draws), no spaces, nothing the font lacks; '' for none.
 */
export function couponCodeOf(coupon: string | undefined): string {
  return (coupon ?? '').normalize('NFKC').replace(/[^A-Za-z0-9-]/g, '');
}

/** 48 px on a 1080-px-wide frame: the smallest end card text a phone shows legibly. */
const MIN_TEXT = 48 / 1080;

export interface EndCardColours {
  /** The frame's ground. */
  ground: string;
  /** Text on the ground. */
  onGround: string;
  /** Boxes, bands and bars: the colour that stands out from the ground. */
  feature: string;
  onFeature: string;
  /** The phone and shop name: a colour of the brand that reads on the ground. */
  highlight: string;
}

export interface EndCardParts {
  /** The call to action, measured in the look's display face (`ctaFace`), as it is drawn. */
  cta: FittedText | null;
  ctaFace: TextFace;
  phone: FittedText | null;
  shop: FittedText | null;
  address: FittedText | null;
  hint: FittedText | null;
  /** The coupon's line in the video's language (its code whole on one line), or null without one. */
  coupon: FittedText | null;
  colours: EndCardColours;
}

const readableOn = (ground: string) => (luminance(ground) > 0.4 ? '#111111' : '#ffffff');

export function endCardColours(palette: Palette | undefined, use: PaletteUse = 'primary'): EndCardColours {
  // Without the brand's colours nothing is coloured here: the words keep their styles' colours.
  if (!palette) return { ground: '', onGround: '', feature: '', onFeature: '', highlight: '' };
  const ground = use === 'accent' ? palette.accent : use === 'dark_highlight' ? palette.ink : palette.primary;
  const feature = use === 'accent' ? palette.ink : palette.accent;
  const onGround = readableOn(ground);
  // The brand's highlight where it reads on the ground, else the plain text colour.
  const highlight = contrast(palette.highlight, ground) >= 3 ? palette.highlight : onGround;
  return { ground, onGround, feature, onFeature: contrast(feature, '#ffffff') >= contrast(feature, '#111111') ? '#ffffff' : '#111111', highlight };
}

/** A phone as people write it: (310) 555-0101 for a US number, else as the brief has it. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (local.length === 10 && /^[\d\s().+-]+$/.test(phone.trim())) return `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  return phone.replace(/\s+/g, ' ').trim();
}

/**
 * The face of the end card's headline (its call to action): the look's display face, as its
 * titles use, so the card ends the video in the same voice; the body bold without a look.
 */
export function endCardHeadlineFace(input: Pick<EndCardInput, 'fonts' | 'titleFont'>): TextFace {
  return input.fonts.display[input.titleFont ?? 'body'];
}

/** The parts fitted to `columnWidth` (the safe area's width unless given). */
export function endCardParts(input: EndCardInput, columnWidth?: number): EndCardParts {
  const { size, fonts, language } = input;
  const safe = safeArea(size);
  const width = columnWidth ?? safe.right - safe.left;
  const min = size.width * MIN_TEXT;
  const at = (value: number) => Math.max(min, value);
  const colours = endCardColours(input.palette, input.paletteUse);
  const ctaFace = endCardHeadlineFace(input);

  const ctaText = drawableText(input.callToAction, ctaFace);
  let cta: FittedText | null = null;
  if (ctaText) {
    // One line a little smaller reads better than the same words broken at the largest size.
    const maxSize = at(size.height * 0.05);
    const sidePadding = size.height * 0.012 * 1.8;
    cta =
      fitText(ctaText, ctaFace, { maxSize, minSize: at(maxSize * 0.8), maxWidth: width - 2 * sidePadding, maxLines: 1 }) ??
      fitOrTruncate(ctaText, ctaFace, { maxSize, minSize: at(size.height * 0.032), maxWidth: width - 2 * sidePadding, maxLines: 3 });
  }
  const phoneNumber = input.phone ? formatPhone(input.phone) : '';
  const phoneText = phoneNumber ? drawableText(`${CALL[language]} ${phoneNumber}`, fonts.bold) : '';
  const phone = phoneText ? fitOrTruncate(phoneText, fonts.bold, { maxSize: at(size.height * 0.038), minSize: min, maxWidth: width, maxLines: 2 }) : null;
  const shopText = drawableText(input.shopName, fonts.bold);
  const shop = shopText ? fitOrTruncate(shopText, fonts.bold, { maxSize: at(size.height * 0.034), minSize: min, maxWidth: width, maxLines: 2 }) : null;
  const addressText = drawableText(input.address, fonts.regular);
  const address = addressText ? fitOrTruncate(addressText, fonts.regular, { maxSize: at(size.height * 0.026), minSize: min, maxWidth: width, maxLines: columnWidth ? 4 : 2 }) : null;
  const hintText = input.qrLink ? drawableText(SCAN_HINT[language], fonts.regular) : '';
  const hint = hintText ? fitOrTruncate(hintText, fonts.regular, { maxSize: min, minSize: min, maxWidth: width, maxLines: 2 }) : null;
  const coupon = couponLine(input, width);
  return { cta, ctaFace, phone, shop, address, hint, coupon, colours };
}

/**
 * The coupon's line, at most two lines in the bold face. The code is one word to the wrapper (it
 * holds no spaces), so it breaks only when wider than the column: the size comes down until it
 * is whole on a line, below the 48-px floor only for a code too wide for the column at it.
 */
function couponLine(input: EndCardInput, width: number): FittedText | null {
  const code = couponCodeOf(input.coupon);
  if (!code) return null;
  const { size, fonts } = input;
  const face = fonts.bold;
  const text = drawableText(COUPON[input.language].replace('{code}', code), face);
  const min = size.width * MIN_TEXT;
  const maxSize = Math.max(min, size.height * 0.03);
  const whole = (lines: string[]) => lines.some((line) => line.includes(code));
  for (let fontSize = Math.round(maxSize); fontSize >= Math.round(min); fontSize -= 1) {
    const lines = wrapText(text, face, fontSize, width);
    if (lines.length <= 2 && whole(lines)) return { size: fontSize, lines };
  }
  // A code of two dozen wide letters: on a line of its own, as large as the column allows.
  const fontSize = Math.max(8, Math.floor((min * width) / Math.max(1, face.width(code, min))));
  const at = text.indexOf(code);
  const lines = [text.slice(0, at).trim(), code, text.slice(at + code.length).trim()].filter(Boolean);
  return { size: Math.min(Math.round(min), fontSize), lines };
}
