import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';

export interface Tile {
  key: string;
  label: string;
  value: ReactNode;
  accent?: boolean;
}

/** Summary counts above a list; a failed count shows a dash instead of an invented number. */
export function StatTiles({ tiles, loading, testId }: { tiles: Tile[]; loading: boolean; testId: string }) {
  return (
    <div className="org-tiles" data-testid={testId}>
      {tiles.map((tile) => (
        <Card key={tile.key} size="small" className={tile.accent ? 'org-tile org-tile--accent' : 'org-tile'} data-testid={`tile-${tile.key}`}>
          <div className="org-tile__label">{tile.label}</div>
          <div className="org-tile__value">{loading ? <Skeleton.Input active size="small" /> : tile.value}</div>
        </Card>
      ))}
    </div>
  );
}

interface StateCounts {
  total: number;
  paid: number;
  unpaid: number;
  expired: number;
  new_this_month: number;
}

/** The total, the three payment states and this month's new ones, as studios and clients show them. */
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
