import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
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

/** Tiles from this many on are one swipeable strip on a phone; fewer wrap in two columns. */
const STRIP_FROM = 5;

/** Summary counts above a list: a grid on desktop; on a phone two columns, or a strip when many. */
export function StatTiles({ tiles, loading, testId }: { tiles: Tile[]; loading: boolean; testId: string }) {
  const { t } = useTranslation('common');
  const strip = tiles.length >= STRIP_FROM;
  // The phone strip scrolls sideways: a keyboard reaches the tiles past the edge only if the
  // strip itself takes focus (nothing in it is focusable).
  const isPhone = useMediaQuery(PHONE_QUERY);
  return (
    <div
      className={strip ? 'nc-tiles nc-tiles--strip' : 'nc-tiles'}
      data-testid={testId}
      role="group"
      aria-label={t('list.summary')}
      tabIndex={isPhone && strip ? 0 : undefined}
    >
      {tiles.map((tile) => (
        <StatTile key={tile.key} label={tile.label} value={tile.value} accent={tile.accent} loading={loading} testId={`tile-${tile.key}`} />
      ))}
    </div>
  );
}
