import { DASHBOARD_RANGES, type DashboardRange, type DashboardScope, isOneOf } from '@nearcast/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The server's default too: a week reads well on every dashboard, even a new one. */
export const DEFAULT_RANGE: DashboardRange = '7d';

/**
 * The catalogue key of a range's label. The spec names the longest range "whole network", which
 * is what it is for those who run one; a merchant has no network, and the same range is its own
 * history from its first day, so it is offered under that name.
 */
export function rangeLabelKey(range: DashboardRange, scope: DashboardScope): string {
  return range === 'all' && scope === 'client' ? 'range.all_own' : `range.${range}`;
}

export function parseRange(value: string | null): DashboardRange {
  return isOneOf(DASHBOARD_RANGES, value) ? value : DEFAULT_RANGE;
}

/**
 * The range lives in the address (?range=30d) so a reload, a shared link and the way back from
 * another page keep it; changing it replaces the entry instead of filling the history.
 */
export function useDashboardRange(): [DashboardRange, (range: DashboardRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = parseRange(params.get('range'));
  const setRange = useCallback(
    (next: DashboardRange) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_RANGE) updated.delete('range');
          else updated.set('range', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}
