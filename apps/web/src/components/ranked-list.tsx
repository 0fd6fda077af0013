import type { ReactNode } from 'react';
import './ranked-list.css';

export interface RankedRow {
  id: number;
  name: ReactNode;
  /** A second line under the name (a legal name under a short one, say). */
  detail?: ReactNode;
  /** The row's value; its bar is drawn against the largest in the list. */
  value: number;
  /** The figures on the right. */
  figures: ReactNode;
}

/**
 * A ranked list with a bar of each row's share of the leader: the dashboard's top studios over a
 * range and the all-time ranking beside the studio list on /agents draw the same list from different figures.
 */
export function RankedList({ rows, stale = false, testId, rowTestId }: { rows: RankedRow[]; stale?: boolean; testId: string; rowTestId: (id: number) => string }) {
  const best = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ol className={stale ? 'nc-ranked nc-ranked--stale' : 'nc-ranked'} data-testid={testId}>
      {rows.map((row, index) => (
        <li key={row.id} className="nc-ranked__item" data-testid={rowTestId(row.id)}>
          <span className="nc-ranked__rank">{index + 1}</span>
          <span className="nc-ranked__who">
            <span className="nc-ranked__name">{row.name}</span>
            {row.detail && <span className="nc-ranked__detail">{row.detail}</span>}
            <span className="nc-ranked__bar" aria-hidden="true">
              <span style={{ width: `${Math.round((Math.max(0, row.value) / best) * 100)}%` }} />
            </span>
          </span>
          <span className="nc-ranked__numbers">{row.figures}</span>
        </li>
      ))}
    </ol>
  );
}
