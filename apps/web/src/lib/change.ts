/**
 * How a figure moved against the previous period of the same length, as a tile shows it.
 * A previous value of zero has no meaningful percentage: anything above it is "new", and
 * nothing on both sides is "flat".
 */
export type Change =
  | { direction: 'up' | 'down'; percent: number }
  | { direction: 'flat'; percent: 0 }
  | { direction: 'new' };

export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { direction: 'flat', percent: 0 };
  if (previous === 0) return current > 0 ? { direction: 'new' } : { direction: 'down', percent: 100 };
  const ratio = ((current - previous) / Math.abs(previous)) * 100;
  // One decimal below 10 % (a 3.4 % rise reads as such), whole percent above.
  const rounded = Math.abs(ratio) < 10 ? Math.round(Math.abs(ratio) * 10) / 10 : Math.round(Math.abs(ratio));
  if (rounded === 0) return { direction: 'flat', percent: 0 };
  return { direction: ratio > 0 ? 'up' : 'down', percent: rounded };
}

/**
 * Whether a move is good news: more revenue is, more expired plans is not. The tile colours the
 * change by this, not by its sign.
 */
export function isGoodChange(change: Change, higherIsBetter: boolean): boolean | null {
  if (change.direction === 'flat') return null;
  if (change.direction === 'new') return higherIsBetter;
  return change.direction === 'up' ? higherIsBetter : !higherIsBetter;
}
