import { describe, expect, it } from 'vitest';
import { merchantOptions } from './merchant-options';

const carmen = { id: 7, company_short_name: 'Carmen’s Tacos', name: 'Carmen Client', username: 'client', email: 'client@example.com' };
const noCompany = { id: 8, company_short_name: '', name: '', username: '', email: 'pho@example.com' };

describe('the merchant picker options', () => {
  it('adds nothing when no merchant is chosen, null or undefined', () => {
    expect(merchantOptions([carmen], undefined, new Map()).map((option) => option.label)).toEqual(['Carmen’s Tacos']);
    expect(merchantOptions([carmen], null, new Map()).map((option) => option.label)).toEqual(['Carmen’s Tacos']);
    expect(merchantOptions([], undefined, new Map())).toEqual([]);
  });

  it('names merchants by the party-name rule', () => {
    expect(merchantOptions([carmen, noCompany], null, new Map()).map((option) => option.title)).toEqual(['Carmen’s Tacos', 'pho@example.com']);
  });

  it('keeps the chosen merchant on top, by the name it had, while another search shows', () => {
    const known = new Map<number, string>();
    merchantOptions([carmen], 7, known);
    expect(merchantOptions([noCompany], 7, known).map((option) => [option.value, option.label])).toEqual([
      [7, 'Carmen’s Tacos'],
      [8, 'pho@example.com'],
    ]);
    // A merchant never seen (opened from a link) shows by its id until its name arrives.
    expect(merchantOptions([], 42, new Map())[0]?.label).toBe('#42');
  });
});
