import { describe, expect, it } from 'vitest';
import { colourOr, luminance, readableButton, readableTextOn } from './colour';

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

describe('readableButton', () => {
  const contrast = (a: string, b: string): number => {
    const [x, y] = [luminance(a)!, luminance(b)!];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };

  it('darkens the brand violet just enough for a white label to reach 4.5:1', () => {
    expect(contrast('#7c5cff', '#ffffff')).toBeLessThan(4.5);
    const button = readableButton('#7c5cff');
    expect(button.text).toBe('#ffffff');
    expect(contrast(button.background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(button.background, '#ffffff')).toBeLessThan(4.7);
  });

  it('keeps a colour that already carries white, and light colours with their dark label', () => {
    expect(readableButton('#1d4ed8')).toEqual({ background: '#1d4ed8', text: '#ffffff' });
    expect(readableButton('#22d3ee')).toEqual({ background: '#22d3ee', text: '#0a0a12' });
    expect(contrast('#22d3ee', '#0a0a12')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('colourOr', () => {
  it('keeps a valid colour and replaces anything else', () => {
    expect(colourOr('#22d3ee', '#7c5cff')).toBe('#22d3ee');
    expect(colourOr('', '#7c5cff')).toBe('#7c5cff');
    expect(colourOr('url(x)', '#7c5cff')).toBe('#7c5cff');
  });
});
