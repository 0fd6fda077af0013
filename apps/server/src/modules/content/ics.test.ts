import { describe, expect, it } from 'vitest';
import { parseIcs } from '../../test/strict-ics.js';
import { calendarFile } from './ics.js';
import { liveTimeStatus } from './content-values.js';

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

describe('calendarFile against a strict reader', () => {
  const event = (title: string, description = '', location = '') =>
    calendarFile({
      uid: 'live-7@nearcast.example',
      title,
      description,
      url: 'https://nearcast.example/item/7',
      start: new Date('2030-05-01T18:00:00Z'),
      durationMinutes: 30,
      stamp: new Date('2030-04-01T00:00:00Z'),
      location,
    });
  const EVENT_PROPERTIES = ['UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'DESCRIPTION', 'URL'];

  it('keeps line breaks of every spelling, commas, semicolons and backslashes inside the value', () => {
    const long = '这场直播从头到尾拍一家塔可店，讲清楚每一个镜头为什么这样拍。'.repeat(6);
    const title = `One\rTwo\nThree\r\nFour, five; six \\ seven \\n ${long}`;
    const file = event(title, 'a\rb', 'https://live.example/a');
    const parsed = parseIcs(file);
    // What the reader gets back: the same text, each line break as one \n.
    expect(parsed.text('SUMMARY')).toBe(`One\nTwo\nThree\nFour, five; six \\ seven \\n ${long}`);
    expect(parsed.text('DESCRIPTION')).toBe('a\nb\n\nhttps://nearcast.example/item/7');
    expect(parsed.text('LOCATION')).toBe('https://live.example/a');
    expect(parsed.properties.map((property) => property.name)).toEqual([
      'BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'BEGIN', ...EVENT_PROPERTIES, 'LOCATION', 'END', 'END',
    ]);
  });

  it('lets no value add a property of its own, however its line breaks are written', () => {
    for (const breakChar of ['\r', '\n', '\r\n', '\u2028', '\u0085']) {
      const injected = `Party${breakChar}ATTENDEE:mailto:victim@example.com${breakChar}LOCATION:evil`;
      const file = event(injected, `Bring friends${breakChar}RRULE:FREQ=MINUTELY`);
      const parsed = parseIcs(file);
      expect(parsed.properties.map((property) => property.name), JSON.stringify(breakChar)).toEqual([
        'BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'BEGIN', ...EVENT_PROPERTIES, 'END', 'END',
      ]);
      expect(parsed.text('SUMMARY')).toBe('Party\nATTENDEE:mailto:victim@example.com\nLOCATION:evil');
      // No byte of the file is a CR or LF outside a line's CRLF ending.
      expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
    }
  });

  it('drops the control characters a TEXT value may not hold', () => {
    const parsed = parseIcs(event('Bell\u0007 and\u0000 escape\u001b[31m\tend'));
    expect(parsed.text('SUMMARY')).toBe('Bell and escape[31m\tend');
  });
});
