import { PROMOTION_QR_PARAM, QR_SIZES } from '@nearcast/contract';

export type QrSize = (typeof QR_SIZES)[number];

export const DEFAULT_QR_SIZE: QrSize = 256;
/** Longer text would not fit a readable code at 128 px. */
export const QR_TEXT_MAX = 500;
/** The blank border scanners need around the code, in modules (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

export function isQrSize(value: unknown): value is QrSize {
  return (QR_SIZES as readonly unknown[]).includes(value);
}

/** The link a QR code carries: the promotion link marked as scanned, so the funnel counts scans. */
export function scanLink(link: string): string {
  try {
    const url = new URL(link);
    url.searchParams.set(PROMOTION_QR_PARAM, 'qr');
    return url.toString();
  } catch {
    return link;
  }
}

/** Spec §5 "Promotion: link required"; answers the problem's message key in the promotion catalogue, or null. */
export function linkProblem(link: string): 'qr.link_required' | 'qr.link_too_long' | null {
  const text = link.trim();
  if (!text) return 'qr.link_required';
  if (text.length > QR_TEXT_MAX) return 'qr.link_too_long';
  return null;
}

export interface QrLayout {
  /** Side of one module in whole pixels, so every module is equally sharp. */
  cell: number;
  /** Where the first module starts, on both axes: what is left over is an even white border. */
  offset: number;
}

/**
 * How a code of `modules` × `modules` fills an image of exactly `size` × `size` pixels: the
 * largest whole-pixel module that leaves at least the quiet zone, centred. Null when even one
 * pixel per module does not fit.
 */
export function qrLayout(modules: number, size: number, quietZone = QR_QUIET_ZONE): QrLayout | null {
  if (modules <= 0 || size <= 0) return null;
  const cell = Math.floor(size / (modules + 2 * quietZone));
  if (cell < 1) return null;
  return { cell, offset: Math.floor((size - cell * modules) / 2) };
}

/** nearcast-qr-<code>-<size>.png: recognisable in a downloads folder, one file per size. */
export function qrFileName(code: string, size: QrSize): string {
  const safe = code.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  return `nearcast-qr-${safe ? `${safe}-` : ''}${size}.png`;
}
