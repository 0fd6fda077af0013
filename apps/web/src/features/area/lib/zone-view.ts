/** The first `max` items as tags and the rest folded into one "+N" tag (exactly `max` fit without folding). */
export function visibleTags<T>(items: readonly T[], max: number): { shown: T[]; hidden: T[] } {
  if (items.length <= max) return { shown: [...items], hidden: [] };
  const keep = Math.max(0, max - 1);
  return { shown: items.slice(0, keep), hidden: items.slice(keep) };
}
