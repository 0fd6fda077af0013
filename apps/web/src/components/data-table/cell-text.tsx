import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * What an ellipsis column shows, cut with an ellipsis when it does not fit and offering its whole
 * text as the box's title. antd titles an ellipsis cell only when its content is a plain string;
 * a rendered cell (a name in its row's open button, a value or a dash) would be cut with no way to
 * read the rest. The title is read from what was rendered, so no column has to say it twice.
 */
export function CellText({ children }: { children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const title = text === '—' ? '' : text;
    if (element.title !== title) element.title = title;
  });
  return (
    <span ref={box} className="nc-cell-text">
      {children}
    </span>
  );
}
