export type { DataColumn } from './columns';
export { DataTable, PAGE_SIZES, type Paged } from './data-table';
export { usePaging } from './use-paging';
