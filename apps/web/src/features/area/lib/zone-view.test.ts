import { describe, expect, it } from 'vitest';
import { visibleTags } from './zone-view';

describe('visibleTags', () => {
  it('shows every tag when they fit', () => {
    expect(visibleTags([1, 2, 3], 3)).toEqual({ shown: [1, 2, 3], hidden: [] });
  });

  it('folds the rest into one "+N" tag, keeping the total at the limit', () => {
    expect(visibleTags([1, 2, 3, 4, 5], 3)).toEqual({ shown: [1, 2], hidden: [3, 4, 5] });
  });
});
