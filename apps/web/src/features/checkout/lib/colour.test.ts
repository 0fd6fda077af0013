import { describe, expect, it } from 'vitest';
import { colourOr, luminance, readableTextOn } from './colour';

describe('readableTextOn', () => {
  it('puts white on the brand violet and on dark colours', () => {
    expect(readableTextOn('#7c5cff')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
  });

  it('puts dark text on light colours such as the brand cyan, yellow or white', () => {
    expect(readableTextOn('#22d3ee')).toBe('#0a0a12');
    expect(readableTextOn('#facc15')).toBe('#0a0a12');
    expect(readableTextOn('#FFFFFF')).toBe('#0a0a12');
  });

  it('falls back to white for something that is not #rrggbb', () => {
    expect(readableTextOn('violet')).toBe('#ffffff');
    expect(luminance('#abc')).toBeNull();
  });
});

describe('colourOr', () => {
  it('keeps a valid colour and replaces anything else', () => {
    expect(colourOr('#22d3ee', '#7c5cff')).toBe('#22d3ee');
    expect(colourOr('', '#7c5cff')).toBe('#7c5cff');
    expect(colourOr('url(x)', '#7c5cff')).toBe('#7c5cff');
  });
});
