import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** One number with its label; a shimmer while it loads and a dash when it could not. */
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
    <Card size="small" className={accent ? 'stats-tile stats-tile--accent' : 'stats-tile'} data-testid={testId}>
      <div className="stats-tile__label">
        {icon && <span className="stats-tile__icon">{icon}</span>}
        {label}
      </div>
      {loading ? (
        <Skeleton.Input active size="small" className="stats-tile__skeleton" />
      ) : (
        <div className="stats-tile__value" data-testid={`${testId}-value`}>
          {value}
        </div>
      )}
      {hint && <div className="stats-tile__hint">{hint}</div>}
    </Card>
  );
}
