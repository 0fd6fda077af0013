import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import './lists.css';

/** One number with its label; a shimmer while it loads and whatever the caller shows when it could not (a dash). */
export function StatTile({
  label,
  value,
  hint,
  icon,
  loading,
  testId,
  accent = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  loading: boolean;
  testId: string;
  accent?: boolean;
}) {
  return (
    <Card size="small" className={accent ? 'nc-tile nc-tile--accent' : 'nc-tile'} data-testid={testId}>
      <div className="nc-tile__label">
        {icon && <span className="nc-tile__icon">{icon}</span>}
        <span className="nc-tile__text">{label}</span>
      </div>
      {loading ? (
        <Skeleton.Input active size="small" className="nc-tile__skeleton" />
      ) : (
        <div className="nc-tile__value" data-testid={`${testId}-value`}>
          {value}
        </div>
      )}
      {hint && <div className="nc-tile__hint">{hint}</div>}
    </Card>
  );
}

export interface Tile {
  key: string;
  label: string;
  value: ReactNode;
  accent?: boolean;
}

/** Summary counts above a list: a grid on desktop, one swipeable strip on a phone. */
export function StatTiles({ tiles, loading, testId }: { tiles: Tile[]; loading: boolean; testId: string }) {
  return (
    <div className="nc-tiles" data-testid={testId}>
      {tiles.map((tile) => (
        <StatTile key={tile.key} label={tile.label} value={tile.value} accent={tile.accent} loading={loading} testId={`tile-${tile.key}`} />
      ))}
    </div>
  );
}
