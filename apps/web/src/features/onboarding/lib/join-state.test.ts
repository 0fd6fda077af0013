import type { CurrentUser } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { joinStateOf } from './join-state';

const user = (account_type: number, pay_status: number, info_status: number) => ({ account_type, pay_status, info_status }) as CurrentUser;

describe('joinStateOf', () => {
  it('tells a visitor, an unpaid, a paid and a finished member of the role apart', () => {
    expect(joinStateOf(null, 'client')).toBe('visitor');
    expect(joinStateOf(user(0, 0, 0), 'client')).toBe('unpaid');
    // Expired plans are bought again.
    expect(joinStateOf(user(0, 2, 1), 'client')).toBe('unpaid');
    expect(joinStateOf(user(0, 1, 0), 'client')).toBe('settle');
    expect(joinStateOf(user(1, 1, 0), 'studio')).toBe('settle');
    expect(joinStateOf(user(1, 1, 1), 'studio')).toBe('complete');
  });

  it('sends other roles elsewhere', () => {
    expect(joinStateOf(user(1, 1, 0), 'client')).toBe('other-role');
    expect(joinStateOf(user(0, 1, 0), 'studio')).toBe('other-role');
    expect(joinStateOf(user(11, 1, 1), 'client')).toBe('other-role');
  });
});
