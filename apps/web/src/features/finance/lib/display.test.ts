import { describe, expect, it } from 'vitest';
import { bpsOf, percentOf } from './display';

describe('rates as people read them', () => {
  it('shows basis points as a short percentage', () => {
    expect(percentOf(7000)).toBe('70%');
    expect(percentOf(250)).toBe('2.5%');
    expect(percentOf(333)).toBe('3.33%');
    expect(percentOf(0)).toBe('0%');
  });

  it('reads a typed percentage back as basis points', () => {
    expect(bpsOf('70')).toBe(7000);
    expect(bpsOf('7,5')).toBe(750);
    expect(bpsOf(3.33)).toBe(333);
    expect(bpsOf('')).toBeNaN();
    expect(bpsOf('abc')).toBeNaN();
  });
});
