import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../components/upload/upload-queue';
import { formatDuration, materialAccept, materialLimits, materialTypeOf, nameForCheck, quotaPercent, quotaShare } from './media';

const MB = 1024 * 1024;

describe('materialTypeOf', () => {
  it('reads the type from the extension, whatever its case', () => {
    expect(materialTypeOf({ name: 'shop.MOV' })).toBe('video');
    expect(materialTypeOf({ name: 'dish.jpeg' })).toBe('image');
    expect(materialTypeOf({ name: 'IMG_0001.HEIC' })).toBe('image');
    expect(materialTypeOf({ name: 'voice.m4a' })).toBe('audio');
  });

  it('falls back to the browser’s MIME family for a camera-roll file without an extension', () => {
    expect(materialTypeOf({ name: 'image', type: 'image/jpeg' })).toBe('image');
    expect(materialTypeOf({ name: 'clip', type: 'video/quicktime' })).toBe('video');
  });

  it('answers null for what no type accepts', () => {
    expect(materialTypeOf({ name: 'menu.pdf', type: 'application/pdf' })).toBeNull();
    expect(materialTypeOf({ name: 'README' })).toBeNull();
  });
});

describe('nameForCheck', () => {
  it('keeps a name with an extension and gives one to a name without', () => {
    expect(nameForCheck({ name: 'a.png', type: 'image/png' })).toBe('a.png');
    expect(nameForCheck({ name: 'image', type: 'image/jpeg' })).toBe('image.jpg');
    expect(nameForCheck({ name: 'clip', type: 'video/quicktime' })).toBe('clip.mov');
  });

  it('lets such a file pass the limits check by its given extension', () => {
    const file = { name: 'image', type: 'image/jpeg', size: MB };
    expect(refusalOf({ name: nameForCheck(file), size: file.size }, materialLimits('image'))).toBeNull();
  });
});

describe('materialLimits', () => {
  it('holds each type to its own size and duration', () => {
    expect(materialLimits('video')).toMatchObject({ maxBytes: 500 * MB, maxSeconds: 600 });
    expect(materialLimits('image')).toMatchObject({ maxBytes: 20 * MB, maxSeconds: null });
    expect(refusalOf({ name: 'big.jpg', size: 21 * MB }, materialLimits('image'))).toEqual({ reason: 'too_large', maxBytes: 20 * MB });
    expect(refusalOf({ name: 'clip.mp4', size: 400 * MB }, materialLimits('video'))).toBeNull();
  });
});

describe('materialAccept', () => {
  it('offers the MIME families (a phone’s camera roll) and every extension', () => {
    const accept = materialAccept().split(',');
    expect(accept.slice(0, 3).sort()).toEqual(['audio/*', 'image/*', 'video/*']);
    expect(accept).toContain('.mov');
    expect(accept).toContain('.jpeg');
    expect(accept).toContain('.m4a');
    expect(new Set(accept).size).toBe(accept.length);
  });
});

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when there are some', () => {
    expect(formatDuration(3.2)).toBe('0:03');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(723)).toBe('12:03');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('shows a dash before the duration is known', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('quotaPercent', () => {
  it('rounds up and stays within 0–100', () => {
    expect(quotaPercent(0, 100)).toBe(0);
    expect(quotaPercent(1, 1000)).toBe(1);
    expect(quotaPercent(999, 1000)).toBe(100);
    expect(quotaPercent(2000, 1000)).toBe(100);
    expect(quotaPercent(5, 0)).toBe(100);
  });
});

describe('quotaShare', () => {
  it('says "under 1 %" for a share that is something but less than one percent', () => {
    // 887 KB of 5 GB: 0.017 %, which the storage line wrote as "1 %".
    expect(quotaShare(887 * 1024, 5 * 1024 * MB)).toEqual({ kind: 'under_one' });
    expect(quotaShare(1, 1000)).toEqual({ kind: 'under_one' });
  });

  it('says the percent from one percent on, and 0 % for nothing', () => {
    expect(quotaShare(0, 1000)).toEqual({ kind: 'percent', percent: 0 });
    expect(quotaShare(10, 1000)).toEqual({ kind: 'percent', percent: 1 });
    expect(quotaShare(501, 1000)).toEqual({ kind: 'percent', percent: 51 });
    expect(quotaShare(5, 0)).toEqual({ kind: 'percent', percent: 100 });
  });
});
