import path from 'node:path';
import QRCode from 'qrcode';
import { assColor, drawableText, drawnHeight, fitOrTruncate, fitText, safeArea, type TextBlock } from './captions-ass.js';
import { endCardParts, type EndCardInput, type EndCardParts } from './end-card-parts.js';

/**
 * The end card: the call to action in the video's language, the shop's phone number, its name,
 * a QR code of its link, its address and logo, arranged by the look's layout over the look's
 * ground colour so the whole frame is used:
 * - `stacked`: everything down the middle, the call to action in an accent box, accent bands
 *   at the top and bottom;
 * - `split`: the top part a band of the feature colour holding the logo, the call to action as
 *   the headline and the phone; below, the QR code, the shop's name and address down the
 *   middle, and a narrower band closing the frame;
 * - `badge`: a dark ground inside a thin accent frame, the call to action and phone in one
 *   rounded badge;
 * - `poster`: a large left-aligned call to action under a bar of the feature colour, the phone
 *   beneath, the QR code and address along the bottom.
 * A brief's coupon adds one line in the video's language under the phone (in the split layout's
 * band with it); without one the card is as it was. No text is under 48 px on a 1080-px-wide frame. This module places everything; the graph
 * draws the ground, bands, QR code and logo, the ASS document draws the words (in the four end
 * card styles, coloured here for the layout's ground).
 */

export interface EndCardBand {
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

export interface EndCardLayout {
  texts: TextBlock[];
  /** The logo's box: scaled to fit inside (its aspect kept), centred on `centreX`, top at `top`. */
  logo: { centreX: number; top: number; maxWidth: number; maxHeight: number } | null;
  qr: { x: number; y: number; size: number } | null;
  /** The box behind the call to action (drawn among `texts`), or null when it has none. */
  ctaBox: { x: number; y: number; width: number; height: number } | null;
  /** The frame's ground colour (#rrggbb); the primary when absent. */
  background?: string;
  /** Solid rectangles of colour over the ground, drawn before the QR code and logo. */
  bands?: EndCardBand[];
}

/** The smallest end card text, as a share of the frame's width: 48 px at 1080. */
export const END_CARD_MIN_TEXT = 48 / 1080;

export function layoutEndCard(input: EndCardInput): EndCardLayout {
  const parts = endCardParts(input);
  const layout = input.layout === 'split' ? splitLayout(input, parts) : input.layout === 'poster' ? posterLayout(input, parts) : columnLayout(input, parts, input.layout === 'badge');
  // Colours come with the brand's palette; without it the graph keeps its own ground.
  return { ...layout, background: layout.background || undefined, bands: (layout.bands ?? []).filter((band) => band.color) };
}

const tint = (hex: string | undefined) => (hex ? `\\1c${assColor(hex)}&` : '');

/** Everything down the middle of the safe area (stacked; badge with its frame and dark ground). */
function columnLayout(input: EndCardInput, parts: EndCardParts, badge: boolean): EndCardLayout {
  const { size, fonts } = input;
  const { colours } = parts;
  const safe = safeArea(size);
  const centreX = Math.round((safe.left + safe.right) / 2);
  const width = safe.right - safe.left;
  const gap = size.height * 0.02;
  const padding = size.height * 0.012;
  const texts: TextBlock[] = [];
  let cursor = safe.top + size.height * 0.01;

  // The badge's shop name leads, over the logo; the stack opens on the logo.
  const shopFirst = badge && parts.shop;
  if (shopFirst && parts.shop) {
    texts.push({ style: 'EndShop', lines: parts.shop.lines, size: parts.shop.size, align: 8, x: centreX, y: cursor, tags: tint(colours.highlight) });
    cursor += parts.shop.lines.length * fonts.bold.lineHeight(parts.shop.size) + gap;
  }
  const logo = input.hasLogo ? { centreX, top: Math.round(cursor), maxWidth: Math.round(width * 0.6), maxHeight: Math.round(size.height * (parts.phone ? 0.08 : 0.1)) } : null;
  if (logo) cursor += logo.maxHeight + gap;

  // The call to action (and, in a badge, the phone) in one rounded box of the feature colour.
  let ctaBox: EndCardLayout['ctaBox'] = null;
  const boxed = [parts.cta, badge ? parts.phone : null].filter((part): part is NonNullable<typeof part> => Boolean(part));
  if (boxed.length > 0) {
    const sidePadding = padding * 1.8;
    const faceOf = (part: (typeof boxed)[number]) => (part === parts.cta ? parts.ctaFace : fonts.bold);
    const heights = boxed.map((part) => part.lines.length * faceOf(part).lineHeight(part.size));
    const textWidth = Math.max(...boxed.flatMap((part) => part.lines.map((line) => faceOf(part).width(line, part.size))));
    const boxWidth = Math.min(width, textWidth + 2 * sidePadding);
    const boxHeight = heights.reduce((sum, height) => sum + height, 0) + 2 * padding + (boxed.length - 1) * padding;
    ctaBox = { x: Math.round(centreX - boxWidth / 2), y: Math.round(cursor), width: Math.round(boxWidth), height: Math.round(boxHeight) };
    texts.push({ style: 'EndCtaBox', lines: [roundedBox(boxWidth, boxHeight, padding * (badge ? 3 : 1.2))], size: boxed[0]!.size, align: 7, x: ctaBox.x, y: ctaBox.y, tags: `\\p1${tint(colours.feature)}` });
    let inner = cursor + padding;
    boxed.forEach((part, index) => {
      texts.push({ style: index === 0 && part === parts.cta ? 'EndCta' : 'EndShop', lines: part.lines, size: part.size, align: 8, x: centreX, y: inner, tags: tint(colours.onFeature) });
      inner += heights[index]! + padding;
    });
    cursor += boxHeight + gap;
  }
  if (parts.shop && !shopFirst) {
    texts.push({ style: 'EndShop', lines: parts.shop.lines, size: parts.shop.size, align: 8, x: centreX, y: cursor, tags: tint(colours.onGround) });
    cursor += parts.shop.lines.length * fonts.bold.lineHeight(parts.shop.size) + gap;
  }
  if (parts.phone && !badge) {
    texts.push({ style: 'EndShop', lines: parts.phone.lines, size: parts.phone.size, align: 8, x: centreX, y: cursor, tags: tint(colours.highlight) });
    cursor += parts.phone.lines.length * fonts.bold.lineHeight(parts.phone.size) + gap;
  }
  if (parts.coupon) {
    texts.push({ style: 'EndShop', lines: parts.coupon.lines, size: parts.coupon.size, align: 8, x: centreX, y: cursor, tags: tint(colours.onGround) });
    cursor += parts.coupon.lines.length * fonts.bold.lineHeight(parts.coupon.size) + gap;
  }

  // What follows the QR code (its hint and the address), measured first so the code takes
  // whatever height is left, within sensible bounds. Measured as drawn (libass's line with its
  // outline, as the quality gate measures it): by the font's own line height a full stack ended
  // its address on the safe area's edge, or over it.
  const bottom = safe.bottom - (parts.coupon ? gap : 0);
  const drawn = (part: { lines: string[]; size: number }) => drawnHeight(part.lines.length, part.size);
  const belowOf = (hint: EndCardParts['hint']) => (hint ? drawn(hint) + gap * 0.5 : 0) + (parts.address ? drawn(parts.address) + gap * 0.5 : 0);
  const minQr = size.width * 0.2;
  let qr: EndCardLayout['qr'] = null;
  if (input.qrLink) {
    // A stack with every row full (a logo, two-line call to action and name, the phone) leaves
    // less than a readable code: the hint under it goes first, the code itself says "scan me".
    const hint = parts.hint && bottom - cursor - belowOf(parts.hint) >= minQr ? parts.hint : null;
    const room = bottom - cursor - belowOf(hint);
    const qrSize = Math.round(Math.max(minQr, Math.min(size.width * 0.36, room)));
    qr = { x: Math.round(centreX - qrSize / 2), y: Math.round(cursor), size: qrSize };
    cursor += qrSize + gap * 0.5;
    if (hint) {
      texts.push({ style: 'EndSmall', lines: hint.lines, size: hint.size, align: 8, x: centreX, y: cursor, tags: tint(colours.onGround) });
      cursor += fonts.regular.lineHeight(hint.size) + gap * 0.5;
    }
  }
  if (parts.address) {
    texts.push({ style: 'EndSmall', lines: parts.address.lines, size: parts.address.size, align: 8, x: centreX, y: cursor, tags: tint(colours.onGround) });
    cursor += drawn(parts.address);
  }
  // The room left is shared between the gaps above, between and below the stack's rows, so the
  // card fills the frame's height instead of huddling in its middle.
  // What is drawn inside the call to action's box moves with the box.
  const rowTop = (y: number) => (ctaBox && y >= ctaBox.y && y < ctaBox.y + ctaBox.height ? ctaBox.y : Math.round(y));
  const rows = [...new Set([...texts.map((block) => block.y), ...(logo ? [logo.top] : []), ...(qr ? [qr.y] : [])].map(rowTop))].sort((a, b) => a - b);
  const spare = Math.max(0, bottom - cursor);
  const shiftAt = (y: number) => {
    const row = rows.filter((top) => top <= rowTop(y)).length;
    return Math.round((spare * Math.max(1, row)) / (rows.length + 1));
  };
  const band = Math.max(2, Math.round(size.height * 0.012));
  const inset = Math.round(size.width * 0.035);
  const line = Math.max(2, Math.round(size.width * 0.006));
  const bands: EndCardBand[] = badge
    ? [
        { x: inset, y: inset, width: size.width - 2 * inset, height: line, color: colours.feature },
        { x: inset, y: size.height - inset - line, width: size.width - 2 * inset, height: line, color: colours.feature },
        { x: inset, y: inset, width: line, height: size.height - 2 * inset, color: colours.feature },
        { x: size.width - inset - line, y: inset, width: line, height: size.height - 2 * inset, color: colours.feature },
      ]
    : [
        { x: 0, y: 0, width: size.width, height: band, color: colours.feature },
        { x: 0, y: size.height - band, width: size.width, height: band, color: colours.feature },
      ];
  return {
    texts: texts.map((block) => ({ ...block, y: block.y + shiftAt(block.y) })),
    logo: logo && { ...logo, top: logo.top + shiftAt(logo.top) },
    qr: qr && { ...qr, y: qr.y + shiftAt(qr.y) },
    ctaBox: ctaBox && { ...ctaBox, y: ctaBox.y + shiftAt(ctaBox.y) },
    background: colours.ground,
    bands,
  };
}

/**
 * The top part a band of the feature colour (logo, call to action, phone, coupon); below it the
 * QR code, the shop's name and address down the middle, spread over the room to the safe area's
 * bottom; a narrower band of the feature colour closes the frame under the platforms' captions.
 */
function splitLayout(input: EndCardInput, parts: EndCardParts): EndCardLayout {
  const { size, fonts } = input;
  const { colours } = parts;
  const safe = safeArea(size);
  const centreX = Math.round((safe.left + safe.right) / 2);
  const width = safe.right - safe.left;
  const gap = size.height * 0.022;
  const texts: TextBlock[] = [];
  const top: Array<{ height: number; place: (y: number) => void }> = [];
  const logo = input.hasLogo ? { centreX, top: 0, maxWidth: Math.round(width * 0.55), maxHeight: Math.round(size.height * 0.075) } : null;
  if (logo) top.push({ height: logo.maxHeight, place: (y) => (logo.top = Math.round(y)) });
  // The band is the card's headline: the call to action as large as two lines allow, not the
  // one smaller line the stacked card's box prefers.
  const face = parts.ctaFace;
  const ctaText = parts.cta ? drawableText(input.callToAction, face) : '';
  const cta = ctaText ? (fitText(ctaText, face, { maxSize: size.height * 0.062, minSize: parts.cta!.size, maxWidth: width, maxLines: 2 }) ?? parts.cta) : null;
  for (const [part, style] of [[cta, 'EndCta'], [parts.phone, 'EndShop'], [parts.coupon, 'EndShop']] as const) {
    if (!part) continue;
    const partFace = part === cta ? face : fonts.bold;
    top.push({ height: part.lines.length * partFace.lineHeight(part.size), place: (y) => texts.push({ style, lines: part.lines, size: part.size, align: 8, x: centreX, y, tags: tint(colours.onFeature) }) });
  }
  // The band reaches from the frame's top to a little below its content, at least 40% down.
  const contentHeight = top.reduce((sum, item) => sum + item.height, 0) + gap * Math.max(0, top.length - 1);
  const bandBottom = Math.round(Math.max(size.height * 0.42, safe.top + contentHeight + gap * 2.5));
  let cursor = Math.max(safe.top, (bandBottom - contentHeight) / 2 + safe.top / 2);
  for (const item of top) {
    item.place(cursor);
    cursor += item.height + gap;
  }

  // Below the band, down the middle: the QR code with its hint, the shop's name, the address.
  // Each row measured as drawn; the code takes what the words leave, within readable bounds,
  // and whatever is left over is shared between the rows' gaps so nothing huddles.
  const drawn = (part: { lines: string[]; size: number }) => drawnHeight(part.lines.length, part.size);
  const words = [
    parts.hint && input.qrLink ? { part: parts.hint, style: 'EndSmall', colour: colours.onGround } : null,
    parts.shop ? { part: parts.shop, style: 'EndShop', colour: colours.highlight } : null,
    parts.address ? { part: parts.address, style: 'EndSmall', colour: colours.onGround } : null,
  ].filter((row): row is NonNullable<typeof row> => row !== null);
  const lowerTop = bandBottom + gap;
  const wordsHeight = words.reduce((sum, row) => sum + drawn(row.part), 0);
  const rowCount = words.length + (input.qrLink ? 1 : 0);
  const qrSize = input.qrLink ? Math.round(Math.max(size.width * 0.2, Math.min(size.width * 0.4, safe.bottom - lowerTop - wordsHeight - gap * 0.75 * rowCount))) : 0;
  const spare = Math.max(0, safe.bottom - lowerTop - wordsHeight - qrSize);
  const between = spare / (rowCount + 1);
  let y = lowerTop + between;
  let qr: EndCardLayout['qr'] = null;
  if (input.qrLink) {
    qr = { x: Math.round(centreX - qrSize / 2), y: Math.round(y), size: qrSize };
    // The hint sits under its code, closer than the rows are to each other.
    y += qrSize + Math.min(between, gap) * 0.5;
  }
  words.forEach((row) => {
    texts.push({ style: row.style, lines: row.part.lines, size: row.part.size, align: 8, x: centreX, y: Math.round(y), tags: tint(row.colour) });
    y += drawn(row.part) + between;
  });
  const foot = Math.round(size.height * 0.07);
  return {
    texts,
    logo,
    qr,
    ctaBox: null,
    background: colours.ground,
    bands: [
      { x: 0, y: 0, width: size.width, height: bandBottom, color: colours.feature },
      { x: 0, y: size.height - foot, width: size.width, height: foot, color: colours.feature },
    ],
  };
}

/** A large left-aligned call to action under a bar, the phone beneath, the QR code and address along the bottom. */
function posterLayout(input: EndCardInput, parts: EndCardParts): EndCardLayout {
  const { size, fonts } = input;
  const { colours } = parts;
  const safe = safeArea(size);
  const width = safe.right - safe.left;
  const gap = size.height * 0.022;
  const texts: TextBlock[] = [];
  let cursor = safe.top + size.height * 0.02;
  const bar = { x: safe.left, y: Math.round(cursor), width: Math.round(width * 0.3), height: Math.max(4, Math.round(size.height * 0.012)), color: colours.feature };
  cursor += bar.height + gap;
  const face = parts.ctaFace;
  const cta = drawableText(input.callToAction, face);
  if (cta) {
    const min = Math.max(size.width * END_CARD_MIN_TEXT, size.height * 0.04);
    const fitted = fitText(cta, face, { maxSize: size.height * 0.075, minSize: min, maxWidth: width, maxLines: 3 }) ?? fitOrTruncate(cta, face, { maxSize: min, minSize: min, maxWidth: width, maxLines: 4 });
    texts.push({ style: 'EndCta', lines: fitted.lines, size: fitted.size, align: 7, x: safe.left, y: cursor, tags: tint(colours.onGround) });
    cursor += fitted.lines.length * face.lineHeight(fitted.size) + gap;
  }
  if (parts.phone) {
    texts.push({ style: 'EndShop', lines: parts.phone.lines, size: parts.phone.size, align: 7, x: safe.left, y: cursor, tags: tint(colours.highlight) });
    cursor += parts.phone.lines.length * fonts.bold.lineHeight(parts.phone.size) + gap;
  }
  if (parts.coupon) {
    texts.push({ style: 'EndShop', lines: parts.coupon.lines, size: parts.coupon.size, align: 7, x: safe.left, y: cursor, tags: tint(colours.onGround) });
    cursor += parts.coupon.lines.length * fonts.bold.lineHeight(parts.coupon.size) + gap;
  }
  const logo = input.hasLogo ? { centreX: Math.round(safe.left + width * 0.25), top: Math.round(cursor), maxWidth: Math.round(width * 0.5), maxHeight: Math.round(size.height * 0.07) } : null;
  if (logo) cursor += logo.maxHeight + gap;

  // Along the bottom: the QR code at the right of the safe area, the shop and address at its left.
  let qr: EndCardLayout['qr'] = null;
  let columnRight = safe.right;
  if (input.qrLink) {
    const qrSize = Math.round(Math.max(size.width * 0.2, Math.min(size.width * 0.32, safe.bottom - cursor)));
    qr = { x: safe.right - qrSize, y: Math.round(safe.bottom - qrSize), size: qrSize };
    columnRight = qr.x - Math.round(width * 0.05);
  }
  const column = endCardParts({ ...input, phone: '', coupon: '' }, columnRight - safe.left);
  // Anchored to the safe area's bottom, so measured as drawn (outline included): by the font's
  // own line height a two-line address ended a few pixels past the edge.
  const stack = [[column.shop, 'EndShop'], [column.address, 'EndSmall']] as const;
  const heights = stack.map(([part]) => (part ? drawnHeight(part.lines.length, part.size) + gap * 0.5 : 0));
  let y = Math.max(cursor, safe.bottom - heights.reduce((sum, height) => sum + height, 0));
  stack.forEach(([part, style], index) => {
    if (!part) return;
    texts.push({ style, lines: part.lines, size: part.size, align: 7, x: safe.left, y, tags: tint(part === column.shop ? colours.highlight : colours.onGround) });
    y += heights[index]!;
  });
  return { texts, logo, qr, ctaBox: null, background: colours.ground, bands: [bar, { x: 0, y: size.height - Math.round(size.height * 0.16), width: size.width, height: Math.round(size.height * 0.16), color: colours.feature }] };
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
