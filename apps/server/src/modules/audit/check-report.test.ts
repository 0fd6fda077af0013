import { describe, expect, it } from 'vitest';
import { verdict } from './check-report.js';

describe('the chain check in words', () => {
  const intact = { ok: true, checked: 12, broken_at: null, reason: null, head: 'a'.repeat(64) };

  it('passes an intact chain, and names its last hash to note down', () => {
    expect(verdict(intact)).toEqual({ ok: true, message: `All 12 entries hold. Last hash: ${'a'.repeat(64)}.` });
    expect(verdict(intact, 'a'.repeat(64)).ok).toBe(true);
  });

  it('fails a chain that ends on another hash than the one noted', () => {
    expect(verdict(intact, 'b'.repeat(64))).toMatchObject({ ok: false, message: expect.stringContaining('entries were removed from the end') });
  });

  it('fails a broken chain and says where and why', () => {
    expect(verdict({ ok: false, checked: 4, broken_at: 5, reason: 'content', head: null })).toEqual({
      ok: false,
      message: 'The audit chain breaks at entry #5: it was changed after it was recorded. 4 entries before it hold.',
    });
    expect(verdict({ ok: false, checked: 4, broken_at: 5, reason: 'gap', head: null }).message).toContain('an entry is missing (removed)');
  });
});
