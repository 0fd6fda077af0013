import { describe, expect, it } from 'vitest';
import { amountsFor, blockerOf, dollars, feeOf } from './amounts.js';

describe('settlement amounts', () => {
  it('charges 2 % with half a cent rounded up', () => {
    expect(feeOf(10_000, 200)).toBe(200);
    expect(feeOf(12_345, 200)).toBe(247); // 246.9
    expect(feeOf(12_325, 200)).toBe(247); // 246.5 rounds up
    expect(feeOf(12_324, 200)).toBe(246); // 246.48
    expect(feeOf(1, 200)).toBe(0);
  });

  it('never charges more than the gross, nor anything on nothing', () => {
    expect(feeOf(50, 10_000)).toBe(50);
    expect(feeOf(0, 200)).toBe(0);
    expect(feeOf(-500, 200)).toBe(0);
    expect(feeOf(10_000, 0)).toBe(0);
  });

  it('applies for the whole available balance and pays gross less fee', () => {
    expect(amountsFor(70_000, 200)).toEqual({ grossCents: 70_000, feeCents: 1_400, netCents: 68_600 });
    // A large balance keeps integer cents exactly.
    expect(amountsFor(9_876_543_210, 200)).toEqual({ grossCents: 9_876_543_210, feeCents: 197_530_864, netCents: 9_679_012_346 });
  });

  it('applies for nothing while a clawback keeps the balance negative', () => {
    expect(amountsFor(-2_100, 200)).toEqual({ grossCents: 0, feeCents: 0, netCents: 0 });
  });

  it('names what stands in the way', () => {
    expect(blockerOf({ availableCents: 10_000, minCents: 10_000, hasPending: false })).toBeNull();
    expect(blockerOf({ availableCents: 9_999, minCents: 10_000, hasPending: false })).toBe('below_minimum');
    expect(blockerOf({ availableCents: 0, minCents: 0, hasPending: false })).toBe('below_minimum');
    expect(blockerOf({ availableCents: -1, minCents: 0, hasPending: false })).toBe('below_minimum');
    expect(blockerOf({ availableCents: 50_000, minCents: 10_000, hasPending: true })).toBe('open_application');
  });

  it('writes dollars with cents', () => {
    expect(dollars(9_950)).toBe('99.50');
    expect(dollars(-2_100)).toBe('-21.00');
  });
});
