export { DataTable, PAGE_SIZES, type DataColumn, type Paged } from './data-table';
export { usePaging } from './use-paging';
