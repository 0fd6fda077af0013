import { describe, expect, it } from 'vitest';
import { buildCsv, csvField, UTF8_BOM } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Carmen Client')).toBe('Carmen Client');
    expect(csvField(42)).toBe('42');
    expect(csvField('1000.00')).toBe('1000.00');
  });

  it('writes nothing for missing values', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvField('Los Angeles, California')).toBe('"Los Angeles, California"');
    expect(csvField('Carmen "Tacos"')).toBe('"Carmen ""Tacos"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-2+3')).toBe("'-2+3");
  });

  it('keeps signed numbers as numbers', () => {
    expect(csvField('-2.50')).toBe('-2.50');
    expect(csvField('+13105550101')).toBe('+13105550101');
  });
});

describe('buildCsv', () => {
  it('starts with the UTF-8 byte-order mark and ends lines with CRLF', () => {
    const csv = buildCsv(['Name', 'Email'], [['卡门', 'client@example.com']]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(`${UTF8_BOM}Name,Email\r\n卡门,client@example.com\r\n`);
  });

  it('encodes the mark as the bytes EF BB BF', () => {
    const bytes = new TextEncoder().encode(buildCsv(['a'], []));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes a header alone for an empty table', () => {
    expect(buildCsv(['A', 'B'], [])).toBe(`${UTF8_BOM}A,B\r\n`);
  });
});
