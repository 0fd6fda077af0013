import type { ReactNode } from 'react';

/**
 * A list cell of two lines: a name and, muted beneath it, what tells it apart. Each line ends in
 * an ellipsis when the column is narrower than the text, and a cut line carries the whole text as
 * its title, so a long name (a nickname, a renamed business) can still be read in full.
 */
export function CellStack({ main, sub, subTestId }: { main: string; sub?: ReactNode; subTestId?: string }) {
  return (
    <span className="org-cell-stack">
      <span className="org-cell-stack__main" title={main}>
        {main}
      </span>
      {sub !== undefined && sub !== null && sub !== '' && (
        <span className="org-cell-stack__sub" title={typeof sub === 'string' ? sub : undefined} data-testid={subTestId}>
          {sub}
        </span>
      )}
    </span>
  );
}
