import type { UploadResponse } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { acceptOf, canRetry, formatBytes, itemFor, limitsOf, nextToStart, percentOf, reduceUploads, refusalOf, type UploadItem } from './upload-queue';

const MB = 1024 * 1024;
const images = limitsOf('image');
const result: UploadResponse = {
  id: 1,
  type: 'image',
  mime: 'image/png',
  size: 10,
  url: '/files/1',
  url_expires_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-02T00:00:00.000Z',
};

const queued = (name: string, size = 10 * MB): UploadItem => itemFor({ name, size }, null);

describe('refusalOf', () => {
  it('accepts a file of an allowed type within the limit, whatever the case of its extension', () => {
    expect(refusalOf({ name: 'shop.PNG', size: 3 * MB }, images)).toBeNull();
    expect(refusalOf({ name: 'shop.jpeg', size: 3 * MB }, images)).toBeNull();
  });

  it('refuses a file over the purpose’s size with the limit it broke', () => {
    expect(refusalOf({ name: 'big.png', size: 20 * MB + 1 }, images)).toEqual({ reason: 'too_large', maxBytes: 20 * MB });
    expect(refusalOf({ name: 'clip.mp4', size: 400 * MB }, limitsOf('video'))).toBeNull();
  });

  it('refuses another purpose’s type, a name without an extension, and an empty file', () => {
    expect(refusalOf({ name: 'clip.mp4', size: MB }, images)).toMatchObject({ reason: 'wrong_type' });
    expect(refusalOf({ name: 'README', size: MB }, images)).toMatchObject({ reason: 'wrong_type' });
    expect(refusalOf({ name: 'blank.png', size: 0 }, images)).toEqual({ reason: 'empty' });
  });
});

describe('acceptOf', () => {
  it('offers the purpose’s extensions, jpeg beside jpg', () => {
    expect(acceptOf(images)).toBe('.jpg,.jpeg,.png,.webp,.gif,.heic');
  });
});

describe('the queue', () => {
  it('starts at most `parallel` files, oldest first, and the next when one ends', () => {
    const [a, b, c] = [queued('a.png'), queued('b.png'), queued('c.png')];
    let items = reduceUploads([], { type: 'added', items: [a, b, c] });
    expect(nextToStart(items, 2).map((item) => item.id)).toEqual([a.id, b.id]);
    items = reduceUploads(items, { type: 'started', id: a.id });
    items = reduceUploads(items, { type: 'started', id: b.id });
    expect(nextToStart(items, 2)).toEqual([]);
    items = reduceUploads(items, { type: 'done', id: a.id, result });
    expect(nextToStart(items, 2).map((item) => item.id)).toEqual([c.id]);
  });

  it('follows progress up to 99 % and reaches 100 % only with the server’s answer', () => {
    const a = queued('a.png', 1000);
    let items = reduceUploads([a], { type: 'started', id: a.id });
    items = reduceUploads(items, { type: 'progress', id: a.id, loaded: 500 });
    expect(percentOf(items[0]!)).toBe(50);
    items = reduceUploads(items, { type: 'progress', id: a.id, loaded: 1000 });
    expect(percentOf(items[0]!)).toBe(99);
    // A late, smaller progress event never moves the bar back.
    items = reduceUploads(items, { type: 'progress', id: a.id, loaded: 200 });
    expect(items[0]!.loaded).toBe(1000);
    items = reduceUploads(items, { type: 'done', id: a.id, result });
    expect(percentOf(items[0]!)).toBe(100);
    expect(items[0]!.result).toEqual(result);
  });

  it('a cancelled file is not a failure: no error, and a late failure or progress does not change that', () => {
    const a = queued('a.png', 1000);
    let items = reduceUploads([a], { type: 'started', id: a.id });
    items = reduceUploads(items, { type: 'cancelled', id: a.id });
    items = reduceUploads(items, { type: 'failed', id: a.id, error: 'aborted' });
    items = reduceUploads(items, { type: 'progress', id: a.id, loaded: 900 });
    expect(items[0]).toMatchObject({ status: 'cancelled', error: null, loaded: 0 });
  });

  it('a queued file can be cancelled before it starts and is then never started', () => {
    const a = queued('a.png');
    const items = reduceUploads([a], { type: 'cancelled', id: a.id });
    expect(nextToStart(items, 2)).toEqual([]);
  });

  it('a failed or cancelled file is retried from zero, and keeps the server’s message until then', () => {
    const a = queued('a.png', 1000);
    let items = reduceUploads([a], { type: 'started', id: a.id });
    items = reduceUploads(items, { type: 'progress', id: a.id, loaded: 400 });
    items = reduceUploads(items, { type: 'failed', id: a.id, error: 'Archivo demasiado grande' });
    expect(items[0]).toMatchObject({ status: 'failed', error: 'Archivo demasiado grande' });
    expect(canRetry(items[0]!, images)).toBe(true);
    items = reduceUploads(items, { type: 'retried', id: a.id });
    expect(items[0]).toMatchObject({ status: 'queued', loaded: 0, error: null });
    expect(nextToStart(items, 1).map((item) => item.id)).toEqual([a.id]);
  });

  it('a file refused before sending fails at once with its reason and offers no retry', () => {
    const refused = itemFor({ name: 'clip.mp4', size: MB }, 'Only JPG, PNG');
    expect(refused).toMatchObject({ status: 'failed', error: 'Only JPG, PNG' });
    expect(canRetry(refused, images)).toBe(false);
    expect(nextToStart([refused], 2)).toEqual([]);
  });

  it('removes finished files but never one still travelling', () => {
    const [a, b] = [queued('a.png'), queued('b.png')];
    let items = reduceUploads([a, b], { type: 'started', id: a.id });
    items = reduceUploads(items, { type: 'removed', id: a.id });
    items = reduceUploads(items, { type: 'cancelled', id: b.id });
    items = reduceUploads(items, { type: 'removed', id: b.id });
    expect(items.map((item) => item.id)).toEqual([a.id]);
  });
});

describe('formatBytes', () => {
  it('names sizes the way the limits read', () => {
    expect(formatBytes(20 * MB, 'en-US')).toBe('20 MB');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(500, 'en-US')).toBe('500 B');
  });
});
