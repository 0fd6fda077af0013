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
