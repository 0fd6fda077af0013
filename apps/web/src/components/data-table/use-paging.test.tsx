// @vitest-environment happy-dom
import '../../test/dom';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaging } from './use-paging';

describe('usePaging', () => {
  it('turns pages at one size, and starts from the first page at a new size', () => {
    const { result } = renderHook(() => usePaging(24));
    expect(result.current.table).toMatchObject({ page: 1, pageSize: 24 });
    act(() => result.current.table.onPageChange(3, 24));
    expect(result.current).toMatchObject({ page: 3, size: 24 });
    act(() => result.current.table.onPageChange(3, 48));
    expect(result.current).toMatchObject({ page: 1, size: 48 });
  });

  it('goes back to the first page after a filter keeping the size, and to the start for another list', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.table.onPageChange(2, 50));
    act(() => result.current.table.onPageChange(4, 50));
    act(() => result.current.toFirst());
    expect(result.current).toMatchObject({ page: 1, size: 50 });
    act(() => result.current.table.onPageChange(4, 50));
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ page: 1, size: 20 });
  });
});
