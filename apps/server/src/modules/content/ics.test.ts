import { describe, expect, it } from 'vitest';
import { calendarFile } from './ics.js';
import { liveTimeStatus } from './service.js';

describe('liveTimeStatus', () => {
  const start = new Date('2030-01-01T10:00:00Z');
  it('is upcoming before the start, live from the start until the end, ended from the end', () => {
    expect(liveTimeStatus(start, 30, new Date('2030-01-01T09:59:59.999Z'))).toBe('upcoming');
    expect(liveTimeStatus(start, 30, start)).toBe('live');
    expect(liveTimeStatus(start, 30, new Date('2030-01-01T10:29:59.999Z'))).toBe('live');
    expect(liveTimeStatus(start, 30, new Date('2030-01-01T10:30:00Z'))).toBe('ended');
  });
});

describe('calendarFile', () => {
  it('writes UTC times, escapes text and folds long lines without splitting a character', () => {
    const file = calendarFile({
      uid: 'live-1@nearcast.example',
      title: '直播：从头到尾拍一家塔可店,'.repeat(4),
      description: 'Line one\nline two; with, commas',
      url: 'https://nearcast.example/item/1',
      start: new Date('2030-05-01T18:00:00-07:00'),
      durationMinutes: 90,
      stamp: new Date('2030-04-01T00:00:00Z'),
      location: '',
    });
    expect(file.endsWith('\r\n')).toBe(true);
    const lines = file.split('\r\n');
    expect(lines).toContain('DTSTART:20300502T010000Z');
    expect(lines).toContain('DTEND:20300502T023000Z');
    expect(lines.some((line) => line.startsWith('LOCATION'))).toBe(false);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Unfolded, the summary is whole again.
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain('DESCRIPTION:Line one\\nline two\\; with\\, commas\\n\\nhttps://nearcast.example/item/1\r\n');
    expect(unfolded).toContain(`SUMMARY:${'直播：从头到尾拍一家塔可店\\,'.repeat(4)}`);
  });
});
