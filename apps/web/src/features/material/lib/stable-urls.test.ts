import { describe, expect, it } from 'vitest';
import { lastingUrl } from './stable-urls';

const HOUR = 60 * 60 * 1000;
const now = Date.parse('2026-11-23T08:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('lastingUrl', () => {
  it('keeps the link in use while the same file is signed again', () => {
    expect(lastingUrl('1:thumb', '/files/a.jpg?expires=1&signature=x', at(now + HOUR), now)).toBe('/files/a.jpg?expires=1&signature=x');
    expect(lastingUrl('1:thumb', '/files/a.jpg?expires=2&signature=y', at(now + HOUR), now + 1000)).toBe('/files/a.jpg?expires=1&signature=x');
  });

  it('takes the new link once the kept one is about to expire', () => {
    lastingUrl('2:thumb', '/files/b.jpg?signature=x', at(now + 10 * 60 * 1000), now);
    expect(lastingUrl('2:thumb', '/files/b.jpg?signature=y', at(now + HOUR), now + 6 * 60 * 1000)).toBe('/files/b.jpg?signature=y');
  });

  it('takes another file at once, and forgets a file that is gone', () => {
    lastingUrl('3:preview', '/files/c.mp4?signature=x', at(now + HOUR), now);
    expect(lastingUrl('3:preview', '/files/c-web.mp4?signature=y', at(now + HOUR), now)).toBe('/files/c-web.mp4?signature=y');
    expect(lastingUrl('3:preview', null, at(now + HOUR), now)).toBeNull();
    expect(lastingUrl('3:preview', '/files/c.mp4?signature=z', at(now + HOUR), now)).toBe('/files/c.mp4?signature=z');
  });
});
