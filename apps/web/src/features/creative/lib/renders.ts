import type { Render, RenderProgress, RenderState } from '@nearcast/contract';

/** Where a render stands on the board: still being made, then what the studio made of it. */
export const BOARD_COLUMNS = ['in_progress', 'pending', 'approved', 'rejected', 'stopped'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

const ACTIVE: ReadonlySet<RenderState> = new Set(['queued', 'rendering']);

/** Queued or rendering: it will change without anyone acting, and it can be cancelled. */
export function isActive(render: Pick<Render, 'state'>): boolean {
  return ACTIVE.has(render.state);
}

export function columnOf(render: Pick<Render, 'state' | 'draft'>): BoardColumn {
  if (isActive(render)) return 'in_progress';
  if (render.state === 'done') return render.draft;
  return 'stopped';
}

export function groupRenders(renders: readonly Render[]): Record<BoardColumn, Render[]> {
  const groups = Object.fromEntries(BOARD_COLUMNS.map((column) => [column, [] as Render[]])) as Record<BoardColumn, Render[]>;
  for (const render of renders) groups[columnOf(render)].push(render);
  return groups;
}

/**
 * A render as the stream last said it is. Progress only moves forward within a state: an event
 * overtaken by a later one (or by a poll) must not pull the bar back.
 */
export function withProgress(render: Render, event: Pick<RenderProgress, 'state' | 'progress'>): Render {
  if (event.state === render.state && event.progress < render.progress) return render;
  return { ...render, state: event.state, progress: event.progress };
}

/** A freshly read render, kept from showing less progress than an event already did. */
export function mergeRead(known: Render | undefined, read: Render): Render {
  if (known && known.state === read.state && isActive(read) && known.progress > read.progress) return { ...read, progress: known.progress };
  return read;
}

/** The states after which a render changes no more by itself (its video, or its reason, is there to read). */
export function isSettled(state: RenderState): boolean {
  return !ACTIVE.has(state);
}
