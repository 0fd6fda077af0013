export { DataTable, PAGE_SIZES, type DataColumn, type Paged } from './data-table';
