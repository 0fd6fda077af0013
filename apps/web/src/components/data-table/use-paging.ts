import { useState } from 'react';

/**
 * The page a server-paginated list shows, and how many rows a page holds. A new page size starts
 * again from the first page (page 7 of 20 rows is nowhere in particular among pages of 50), and
 * so does a new filter, through `toFirst`.
 */
export function usePaging(initialSize = 20) {
  const [paging, setPaging] = useState({ page: 1, size: initialSize });
  return {
    page: paging.page,
    size: paging.size,
    /** After the filters change: the first page, at the size chosen. */
    toFirst: () => setPaging((current) => ({ ...current, page: 1 })),
    /** Another list altogether: the first page at the starting size. */
    reset: () => setPaging({ page: 1, size: initialSize }),
    /** The props a list component takes (DataTable, and the grids and tables built like it). */
    table: {
      page: paging.page,
      pageSize: paging.size,
      onPageChange: (next: number, size: number) => setPaging({ page: size === paging.size ? next : 1, size }),
    },
  };
}
