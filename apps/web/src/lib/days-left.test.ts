import { describe, expect, it } from 'vitest';
import { daysLeftHere } from './days-left';

describe('days left as the viewer counts them', () => {
  // A plan ending on 29 November, looked at during the 26th: every list says 3, at any hour.
  it('counts calendar days in the viewer zone, not 24-hour spans', () => {
    const end = '2025-11-29T18:00:00Z'; // 10:00 on the 29th in Los Angeles
    expect(daysLeftHere(end, new Date('2025-11-26T16:00:00Z'), 'America/Los_Angeles')).toBe(3); // 08:00 on the 26th
    expect(daysLeftHere(end, new Date('2025-11-27T07:30:00Z'), 'America/Los_Angeles')).toBe(3); // 23:30 on the 26th
    expect(daysLeftHere(end, new Date('2025-11-27T08:00:00Z'), 'America/Los_Angeles')).toBe(2); // midnight: the 27th
  });

  it('follows the zone the end date is shown in', () => {
    const end = '2025-11-29T02:00:00Z';
    const now = new Date('2025-11-26T20:00:00Z');
    expect(daysLeftHere(end, now, 'America/Los_Angeles')).toBe(2); // ends the 28th, now the 26th
    expect(daysLeftHere(end, now, 'Europe/Madrid')).toBe(3); // ends the 29th, now the 26th
    expect(daysLeftHere(null, now, 'UTC')).toBeNull();
  });
});
