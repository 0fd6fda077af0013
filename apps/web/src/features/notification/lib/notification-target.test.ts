import { describe, expect, it } from 'vitest';
import { targetOf } from './notification-target';

describe('targetOf', () => {
  it('follows a link to a page the reader may open', () => {
    expect(targetOf('/clients?id=12', 'studio')).toBe('/clients?id=12');
    expect(targetOf('/finance', 'client')).toBe('/finance');
  });

  it('offers no link to a page the role would be refused, nor to the center itself', () => {
    expect(targetOf('/video?post=3', 'client')).toBeNull();
    expect(targetOf('/clients?id=12', 'client')).toBeNull();
    expect(targetOf('/notifications?tab=official&id=4', 'studio')).toBeNull();
  });

  it('offers none without a link, a role, or for an address no route knows', () => {
    expect(targetOf(null, 'super')).toBeNull();
    expect(targetOf('/finance', null)).toBeNull();
    expect(targetOf('/nowhere', 'super')).toBeNull();
  });
});
