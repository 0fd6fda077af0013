import { drawableText, fitOrTruncate, safeArea, type FrameSize } from './ass-text.js';
import type { CaptionFonts } from './fonts.js';
import type { LowerThirdStyle } from './look-types.js';

/**
 * The lower third: the shop's name over its address during the beats, in the bottom-left of the
 * safe area, in one of the looks' styles. Returns its blocks (drawn by captions-ass.ts) and
 * where its top is, which the captions stay above.
 */

/** A positioned block of text: its lines, size, anchor (ASS \an) and point. */
export interface TextBlock {
  style: string;
  lines: string[];
  size: number;
  align: number;
  x: number;
  y: number;
  tags?: string;
}

export interface LowerThird {
  blocks: TextBlock[];
  top: number;
}

/** A rectangle with rounded corners as an ASS drawing, its top-left at the drawing's origin. */
export function roundedRect(width: number, height: number, radius: number): string {
  const w = Math.round(width);
  const h = Math.round(height);
  const r = Math.round(Math.min(radius, w / 2, h / 2));
  return `m ${r} 0 l ${w - r} 0 b ${w} 0 ${w} 0 ${w} ${r} l ${w} ${h - r} b ${w} ${h} ${w} ${h} ${w - r} ${h} l ${r} ${h} b 0 ${h} 0 ${h} 0 ${h - r} l 0 ${r} b 0 0 0 0 ${r} 0`;
}

export function lowerThird(size: FrameSize, fonts: CaptionFonts, shopName: string, address: string, style: LowerThirdStyle = 'accent_bar'): LowerThird {
  const safe = safeArea(size);
  if (style === 'none') return { blocks: [], top: safe.bottom };
  const padding = Math.round(size.height * 0.008);
  // accent_bar: a bar down the left of both boxes ties them together; pill: the name in a
  // rounded pill of the accent; ribbon: one band of the brand's ink from the frame's left edge.
  const bar = style === 'accent_bar' ? Math.max(3, Math.round(size.height * 0.005)) : 0;
  const inset = style === 'pill' ? Math.round(size.height * 0.012) : 0;
  const left = safe.left + bar + padding + inset;
  const maxWidth = safe.right - left - padding - inset;
  const blocks: TextBlock[] = [];
  let bottom = safe.bottom - padding;
  const addressText = drawableText(address, fonts.regular);
  if (addressText) {
    const fitted = fitOrTruncate(addressText, fonts.regular, { maxSize: size.height * 0.021, minSize: size.height * 0.016, maxWidth, maxLines: 2 });
    blocks.push({ style: style === 'ribbon' ? 'AddressPlain' : 'Address', lines: fitted.lines, size: fitted.size, align: 1, x: left - inset, y: bottom });
    bottom -= fitted.lines.length * fonts.regular.lineHeight(fitted.size) + 2 * padding + Math.round(size.height * 0.004);
  }
  const nameText = drawableText(shopName, fonts.bold);
  if (nameText) {
    const fitted = fitOrTruncate(nameText, fonts.bold, { maxSize: size.height * 0.03, minSize: size.height * 0.021, maxWidth, maxLines: 1 });
    if (style === 'pill') {
      const height = fonts.bold.lineHeight(fitted.size) + 2 * padding;
      const width = Math.max(...fitted.lines.map((line) => fonts.bold.width(line, fitted.size))) + 2 * inset;
      const top = bottom - fonts.bold.lineHeight(fitted.size) - padding;
      blocks.push({ style: 'ThirdShape', lines: [roundedRect(width, height, height / 2)], size: 20, align: 7, x: safe.left, y: top, tags: '\\p1' });
      blocks.push({ style: 'ShopNameOnAccent', lines: fitted.lines, size: fitted.size, align: 1, x: left, y: bottom });
    } else {
      blocks.push({ style: style === 'ribbon' ? 'ShopNamePlain' : 'ShopName', lines: fitted.lines, size: fitted.size, align: 1, x: left, y: bottom });
    }
    bottom -= fonts.bold.lineHeight(fitted.size) + padding;
  }
  if (blocks.length === 0) return { blocks, top: safe.bottom };
  const height = Math.round(safe.bottom - bottom);
  if (style === 'accent_bar') {
    blocks.unshift({ style: 'ThirdBar', lines: [`m 0 0 l ${bar} 0 ${bar} ${height} 0 ${height}`], size: 20, align: 7, x: safe.left, y: bottom, tags: '\\p1' });
  } else if (style === 'ribbon') {
    // From the frame's edge to the end of the safe area, the band grows in from the left.
    const width = safe.right;
    blocks.unshift({ style: 'ThirdRibbon', lines: [`m 0 0 l ${width} 0 ${Math.round(width - height * 0.25)} ${height} 0 ${height}`], size: 20, align: 7, x: 0, y: bottom, tags: '\\fscx30\\t(0,300,\\fscx100)\\p1' });
  }
  return { blocks, top: bottom };
}
