import { QR_SIZES } from '@nearcast/contract';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { isQrSize, linkProblem, QR_QUIET_ZONE, QR_TEXT_MAX, qrFileName, qrLayout, scanLink } from './qr';

describe('linkProblem', () => {
  it('requires a link (spec §5 "Promotion: link required")', () => {
    expect(linkProblem('')).toBe('qr.link_required');
    expect(linkProblem('   ')).toBe('qr.link_required');
  });

  it('refuses text too long for a readable code', () => {
    expect(linkProblem('x'.repeat(QR_TEXT_MAX + 1))).toBe('qr.link_too_long');
    expect(linkProblem('https://nearcast.example/signin?ref=ABC')).toBeNull();
  });
});

describe('qrLayout', () => {
  it('uses whole-pixel modules, centred, with at least the quiet zone', () => {
    expect(qrLayout(33, 128)).toEqual({ cell: 3, offset: 14 });
    expect(qrLayout(33, 512)).toEqual({ cell: 12, offset: 58 });
  });

  it('answers null when one pixel per module does not fit', () => {
    expect(qrLayout(125, 128)).toBeNull();
    expect(qrLayout(0, 128)).toBeNull();
  });

  it.each([...QR_SIZES])('fits a referral link and the longest allowed text at %i px inside the image', (size) => {
    for (const text of ['http://localhost:3000/signin?mode=register&join=business&ref=3DPMP257', 'x'.repeat(QR_TEXT_MAX)]) {
      const modules = create(text, { errorCorrectionLevel: 'M' }).modules.size;
      const layout = qrLayout(modules, size);
      expect(layout, `${text.length} chars at ${size}px`).not.toBeNull();
      const { cell, offset } = layout!;
      expect(offset).toBeGreaterThanOrEqual(QR_QUIET_ZONE * cell);
      expect(offset + cell * modules).toBeLessThanOrEqual(size - QR_QUIET_ZONE * cell);
    }
  });
});

describe('qrFileName and sizes', () => {
  it('names the file after the code and the size', () => {
    expect(qrFileName('3DPMP257', 512)).toBe('nearcast-qr-3DPMP257-512.png');
    expect(qrFileName('../x y', 128)).toBe('nearcast-qr-xy-128.png');
    expect(qrFileName('', 256)).toBe('nearcast-qr-256.png');
  });

  it('knows the three sizes of spec §9', () => {
    expect(QR_SIZES.filter(isQrSize)).toEqual([128, 256, 512]);
    expect(isQrSize(300)).toBe(false);
  });
});

describe('scanLink', () => {
  it('marks the promotion link as scanned, keeping its code, and leaves other text alone', () => {
    expect(scanLink('https://nearcast.example.com/signin?mode=register&join=studio&ref=AB12CD')).toBe(
      'https://nearcast.example.com/signin?mode=register&join=studio&ref=AB12CD&src=qr',
    );
    expect(scanLink('https://nearcast.example.com/signin?ref=AB12CD&src=qr')).toBe('https://nearcast.example.com/signin?ref=AB12CD&src=qr');
    expect(scanLink('not a link')).toBe('not a link');
  });
});
