import { DASHBOARD_SCOPES } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { headlineTiles } from './headline';

const f = { value: 1, previous: 0 };

describe('headlineTiles', () => {
  it('gives every scope its own first figures', () => {
    for (const scope of DASHBOARD_SCOPES) expect(headlineTiles({ scope, revenue_cents: f, clients: f, plays: f, studios: f, agents: f, commission_cents: f, new_clients: f, payments: f, materials: f, videos_published: f }).length).toBeGreaterThan(3);
  });

  it('shows every scope the materials figure, in rows of equal length', () => {
    for (const scope of DASHBOARD_SCOPES) {
      const tiles = headlineTiles({ scope, revenue_cents: f, clients: f, plays: f, studios: f, agents: f, commission_cents: f, new_clients: f, payments: f, materials: f, videos_published: f });
      expect(tiles.map((entry) => entry.field), scope).toContain('materials');
      // Up to six tiles make one row; more wrap in two even rows.
      if (tiles.length > 6) expect(tiles.length % 2, scope).toBe(0);
    }
  });

  it('calls a merchant’s revenue what it spent, and shows it no network figures', () => {
    const tiles = headlineTiles({ scope: 'client', revenue_cents: f, plays: f, materials: f, videos_published: f, studios: null, agents: null, commission_cents: null });
    expect(tiles.map((entry) => entry.label)).toEqual(['plays', 'videos_published', 'materials', 'spent']);
  });

  it('leaves out a figure the answer does not carry', () => {
    const tiles = headlineTiles({ scope: 'agent', revenue_cents: f, commission_cents: null, clients: f, new_clients: f, studios: f, agents: null });
    expect(tiles.map((entry) => entry.field)).toEqual(['revenue_cents', 'clients', 'new_clients', 'studios']);
  });
});
