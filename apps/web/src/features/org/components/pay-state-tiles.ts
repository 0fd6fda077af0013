import type { Tile } from '../../../components/stat-tiles';

interface StateCounts {
  total: number;
  paid: number;
  unpaid: number;
  expired: number;
  new_this_month: number;
}

/** The total, the three payment states and this month's new ones, as studios and clients show them; a dash for a count that failed. */
export function payStateTiles(prefix: string, totalLabel: string, counts: StateCounts | undefined, label: (key: string) => string): Tile[] {
  const dash = '—';
  return [
    { key: `${prefix}-total`, label: totalLabel, value: counts?.total ?? dash, accent: true },
    { key: `${prefix}-paid`, label: label('pay_state.paid'), value: counts?.paid ?? dash },
    { key: `${prefix}-unpaid`, label: label('pay_state.unpaid'), value: counts?.unpaid ?? dash },
    { key: `${prefix}-expired`, label: label('pay_state.expired'), value: counts?.expired ?? dash },
    { key: `${prefix}-new`, label: label('tiles.new_this_month'), value: counts?.new_this_month ?? dash },
  ];
}
