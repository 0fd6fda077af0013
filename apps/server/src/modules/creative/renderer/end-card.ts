import path from 'node:path';
import type { ScriptLanguage } from '@nearcast/contract';
import QRCode from 'qrcode';
import { drawableText, fitOrTruncate, fitText, safeArea, type FrameSize, type TextBlock } from './captions-ass.js';
import type { CaptionFonts } from './fonts.js';

/**
 * The end card: the brand colour, the logo, the call to action in an accent box, the shop's
 * name, a QR code of its link and its address, stacked down the middle of the safe area. This
 * module places them; the graph draws the background and overlays the images, the ASS
 * document draws the words.
 */

const SCAN_HINT: Record<ScriptLanguage, string> = { en: 'Scan to visit us', es: 'Escanea para visitarnos', zh: '扫码了解更多' };

export interface EndCardInput {
  size: FrameSize;
  fonts: CaptionFonts;
  language: ScriptLanguage;
  callToAction: string;
  shopName: string;
  address: string;
  qrLink: string | null;
  hasLogo: boolean;
}

export interface EndCardLayout {
  texts: TextBlock[];
  /** The logo's box: scaled to fit inside, centred on `centreX`, top at `top`. */
  logo: { centreX: number; top: number; maxWidth: number; maxHeight: number } | null;
  qr: { x: number; y: number; size: number } | null;
  /** The accent box behind the call to action (drawn among `texts`). */
  ctaBox: { x: number; y: number; width: number; height: number } | null;
}

export function layoutEndCard(input: EndCardInput): EndCardLayout {
  const { size, fonts } = input;
  const safe = safeArea(size);
  const centreX = Math.round((safe.left + safe.right) / 2);
  const width = safe.right - safe.left;
  const gap = size.height * 0.022;
  const ctaPadding = size.height * 0.012;
  let cursor = safe.top + size.height * 0.01;

  const logo = input.hasLogo ? { centreX, top: Math.round(cursor), maxWidth: Math.round(width * 0.6), maxHeight: Math.round(size.height * 0.1) } : null;
  if (logo) cursor += logo.maxHeight + gap;

  const texts: TextBlock[] = [];
  let ctaBox: EndCardLayout['ctaBox'] = null;
  const cta = drawableText(input.callToAction, fonts.bold);
  if (cta) {
    // One rounded box of the accent behind all the lines (a box per line, as libass draws
    // them, steps raggedly when the lines differ in length).
    const sidePadding = ctaPadding * 1.8;
    // One line a little smaller reads better than the same words broken at the largest size.
    const maxSize = size.height * 0.05;
    const fitted =
      fitText(cta, fonts.bold, { maxSize, minSize: maxSize * 0.8, maxWidth: width - 2 * sidePadding, maxLines: 1 }) ??
      fitOrTruncate(cta, fonts.bold, { maxSize, minSize: size.height * 0.032, maxWidth: width - 2 * sidePadding, maxLines: 3 });
    const textHeight = fitted.lines.length * fonts.bold.lineHeight(fitted.size);
    const boxWidth = Math.min(width, Math.max(...fitted.lines.map((line) => fonts.bold.width(line, fitted.size))) + 2 * sidePadding);
    const boxHeight = textHeight + 2 * ctaPadding;
    ctaBox = { x: Math.round(centreX - boxWidth / 2), y: Math.round(cursor), width: Math.round(boxWidth), height: Math.round(boxHeight) };
    texts.push({ style: 'EndCtaBox', lines: [roundedBox(boxWidth, boxHeight, ctaPadding * 1.2)], size: fitted.size, align: 7, x: ctaBox.x, y: ctaBox.y, tags: '\\p1' });
    texts.push({ style: 'EndCta', lines: fitted.lines, size: fitted.size, align: 8, x: centreX, y: cursor + ctaPadding });
    cursor += boxHeight + gap;
  }
  const shop = drawableText(input.shopName, fonts.bold);
  if (shop) {
    const fitted = fitOrTruncate(shop, fonts.bold, { maxSize: size.height * 0.034, minSize: size.height * 0.024, maxWidth: width, maxLines: 2 });
    texts.push({ style: 'EndShop', lines: fitted.lines, size: fitted.size, align: 8, x: centreX, y: cursor });
    cursor += fitted.lines.length * fonts.bold.lineHeight(fitted.size) + gap;
  }

  // What follows the QR code (its hint and the address), measured first so the code takes
  // whatever height is left, within sensible bounds.
  const small = size.height * 0.021;
  const address = drawableText(input.address, fonts.regular);
  const addressFit = address ? fitOrTruncate(address, fonts.regular, { maxSize: small, minSize: size.height * 0.016, maxWidth: width, maxLines: 2 }) : null;
  const hint = input.qrLink ? drawableText(SCAN_HINT[input.language], fonts.regular) : '';
  const below =
    (hint ? fonts.regular.lineHeight(small) + gap * 0.5 : 0) + (addressFit ? addressFit.lines.length * fonts.regular.lineHeight(addressFit.size) + gap * 0.5 : 0);

  let qr: EndCardLayout['qr'] = null;
  if (input.qrLink) {
    const room = safe.bottom - cursor - below;
    const qrSize = Math.round(Math.max(size.width * 0.2, Math.min(size.width * 0.36, room)));
    qr = { x: Math.round(centreX - qrSize / 2), y: Math.round(cursor), size: qrSize };
    cursor += qrSize + gap * 0.5;
    if (hint) {
      texts.push({ style: 'EndSmall', lines: [hint], size: small, align: 8, x: centreX, y: cursor });
      cursor += fonts.regular.lineHeight(small) + gap * 0.5;
    }
  }
  if (addressFit) {
    texts.push({ style: 'EndSmall', lines: addressFit.lines, size: addressFit.size, align: 8, x: centreX, y: cursor });
    cursor += addressFit.lines.length * fonts.regular.lineHeight(addressFit.size);
  }
  // The whole stack centred in the safe area's height rather than hanging from its top.
  const shift = Math.max(0, Math.round((safe.bottom - cursor) / 2));
  return {
    texts: texts.map((block) => ({ ...block, y: block.y + shift })),
    logo: logo && { ...logo, top: logo.top + shift },
    qr: qr && { ...qr, y: qr.y + shift },
    ctaBox: ctaBox && { ...ctaBox, y: ctaBox.y + shift },
  };
}

/** An ASS drawing (\p1) of a rectangle with rounded corners, its top-left at the origin. */
export function roundedBox(width: number, height: number, radius: number): string {
  const w = Math.round(width);
  const h = Math.round(height);
  const r = Math.round(Math.min(radius, w / 2, h / 2));
  return [
    `m ${r} 0 l ${w - r} 0 b ${w} 0 ${w} 0 ${w} ${r}`,
    `l ${w} ${h - r} b ${w} ${h} ${w} ${h} ${w - r} ${h}`,
    `l ${r} ${h} b 0 ${h} 0 ${h} 0 ${h - r}`,
    `l 0 ${r} b 0 0 0 0 ${r} 0`,
  ].join(' ');
}

/**
 * The QR code of `link` as a PNG of `size` pixels: dark modules on white with a quiet zone, so
 * phone cameras read it over any brand colour.
 */
export async function writeQrPng(link: string, size: number, workDir: string): Promise<string> {
  const file = path.join(workDir, 'qr.png');
  await QRCode.toFile(file, link, { type: 'png', width: size, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#111111ff', light: '#ffffffff' } });
  return file;
}
