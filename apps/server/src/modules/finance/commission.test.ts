import { DEFAULT_COMMISSION_RATES as rates } from '@nearcast/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, splitPayment, type Share } from './commission.js';

const byRole = (shares: Share[]) => Object.fromEntries(shares.map((share) => [share.role, share.amountCents]));

describe('splitPayment', () => {
  it('gives a merchant plan 70 % to the studio, 10 % to a main agent, the rest to the platform', () => {
    const shares = splitPayment(100_000, 'merchant', rates, { studioId: 5, agentId: 7, mainAgentId: 7 });
    expect(byRole(shares)).toEqual({ studio: 70_000, agent: 10_000, platform: 20_000 });
    expect(shares.find((share) => share.role === 'studio')!.beneficiaryId).toBe(5);
  });

  it('splits the agent share 7 + 3 when the agent is a sub-agent', () => {
    const shares = splitPayment(100_000, 'merchant', rates, { studioId: 5, agentId: 8, mainAgentId: 7 });
    expect(byRole(shares)).toEqual({ studio: 70_000, sub_agent: 7_000, main_agent: 3_000, platform: 20_000 });
  });

  it('keeps missing parties\' shares in the unallocated account', () => {
    expect(byRole(splitPayment(100_000, 'merchant', rates, { studioId: null, agentId: null, mainAgentId: null }))).toEqual({ unallocated: 80_000, platform: 20_000 });
    expect(byRole(splitPayment(100_000, 'merchant', rates, { studioId: 5, agentId: 8, mainAgentId: null }))).toEqual({
      studio: 70_000,
      sub_agent: 7_000,
      unallocated: 3_000,
      platform: 20_000,
    });
  });

  it('gives a studio membership 20 % to its agent (15 + 5 through a sub-agent)', () => {
    expect(byRole(splitPayment(50_000, 'membership', rates, { studioId: 3, agentId: 7, mainAgentId: 7 }))).toEqual({ agent: 10_000, platform: 40_000 });
    expect(byRole(splitPayment(50_000, 'membership', rates, { studioId: 3, agentId: 8, mainAgentId: 7 }))).toEqual({ sub_agent: 7_500, main_agent: 2_500, platform: 40_000 });
    expect(byRole(splitPayment(50_000, 'membership', rates, { studioId: 3, agentId: null, mainAgentId: null }))).toEqual({ unallocated: 10_000, platform: 40_000 });
  });

  it('rounds shares down and the platform keeps the odd cents: the shares always add up to the payment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), fc.constantFrom(null, 7), fc.constantFrom(null, 7, 9), (amount, merchant, studio, main) => {
        const shares = splitPayment(amount, merchant ? 'merchant' : 'membership', rates, { studioId: studio, agentId: 8, mainAgentId: main });
        expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(amount);
        for (const share of shares) expect(share.amountCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('apportion', () => {
  it('divides in proportion, in whole cents that add up exactly', () => {
    expect(apportion(100, [70, 10, 20])).toEqual([70, 10, 20]);
    expect(apportion(1, [70, 10, 20])).toEqual([1, 0, 0]);
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(5, [0, 0])).toEqual([0, 0]);
  });

  it('never gives a part more than its weight when the total is at most the weights\' sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 5 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, fraction) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const total = Math.floor(sum * fraction);
        const parts = apportion(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
        parts.forEach((part, index) => expect(part).toBeLessThanOrEqual(weights[index]!));
      }),
    );
  });
});
