import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { ListEmpty, ListError } from './list-error';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export const PAGE_SIZES = [10, 20, 50, 100];

interface DataTableProps<T extends { id: number }> {
  query: UseQueryResult<Paged<T>>;
  columns: TableColumnsType<T>;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  /** `row-<email>` for people, so a journey finds a row by who it is. */
  rowTestId: (row: T) => string;
  testId: string;
  emptyTitle: string;
  emptyBody?: string;
  /** Filters are set: an empty page says nothing matched, not that there is nothing yet. */
  filtered?: boolean;
}

/**
 * A server-paginated list: loading skeleton rows, the spec's search failure with a retry,
 * an empty state, and a horizontal scroll that keeps every column readable on a phone.
 */
export function DataTable<T extends { id: number }>({
  query,
  columns,
  page,
  pageSize,
  onPageChange,
  rowTestId,
  testId,
  emptyTitle,
  emptyBody,
  filtered = false,
}: DataTableProps<T>) {
  const { t } = useTranslation('org');
  const isPhone = useMediaQuery(PHONE_QUERY);

  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;

  const width = columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 140), 0);
  // Fixed columns eat a phone's width; there the whole table scrolls instead.
  const visibleColumns = isPhone ? columns.map((column) => ({ ...column, fixed: undefined })) : columns;

  return (
    <Table<T>
      className="org-table"
      data-testid={testId}
      rowKey="id"
      size="middle"
      columns={visibleColumns}
      dataSource={query.data?.list ?? []}
      loading={query.isFetching}
      scroll={{ x: width }}
      tableLayout="fixed"
      onRow={(row) => ({ 'data-testid': rowTestId(row) }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: query.isPending ? <div className="org-table__placeholder" /> : filtered ? (
            <ListEmpty title={t('list.no_match')} body={t('list.empty_filtered')} />
          ) : (
            <ListEmpty title={emptyTitle} body={emptyBody} />
          ) }}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: !isPhone,
        simple: isPhone,
        pageSizeOptions: PAGE_SIZES,
        showTotal: isPhone ? undefined : (total) => t('list.total', { count: total }),
        onChange: onPageChange,
        hideOnSinglePage: false,
      }}
    />
  );
}
