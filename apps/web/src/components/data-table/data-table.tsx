import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Pagination, Skeleton, Table, type GetRef } from 'antd';
import { useEffect, useRef, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { ListEmpty, LoadFailed } from '../list-state';
import { CellText } from './cell-text';
import { cellOf, cutsWithEllipsis, isInteractiveTarget, phoneLayout, type DataColumn } from './columns';
import '../lists.css';

export interface Paged<T> {
  list: T[];
  total: number;
  /** The total stopped counting at this many: there are more (said as "more than …"). */
  capped?: boolean;
  page: number;
  page_size: number;
}

export const PAGE_SIZES = [10, 20, 50, 100];

interface DataTableProps<T extends { id: number }> {
  query: UseQueryResult<Paged<T>>;
  columns: DataColumn<T>[];
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  /** `row-<email>` for people, so a journey finds a row (or its card) by who it is. */
  rowTestId: (row: T) => string;
  testId: string;
  emptyTitle: string;
  emptyBody?: string;
  emptyAction?: ReactNode;
  /** Filters are set: an empty page says nothing matched, not that there is nothing yet. */
  filtered?: boolean;
  /** Rows that lead somewhere (a detail drawer, a level down): a click or Enter opens them. */
  onOpen?: (row: T) => void;
  canOpen?: (row: T) => boolean;
  /** The accessible name of a row's open control, e.g. 'Open Carmen Client'. */
  openLabel?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  pageSizes?: number[];
  /** What the list is when its search failed ('Search failed, please try again' by default). */
  errorTitle?: string;
  errorTestId?: string;
  retryTestId?: string;
  emptyTestId?: string;
  /** The cards' container on a phone, when a journey tells it from the table. */
  phoneTestId?: string;
}

/**
 * A server-paginated list, the same on every page: loading skeletons, the failure with the
 * server's reason and a retry, an empty state that knows about filters, rows that open their
 * detail, and on a phone a card per row that keeps the primary fields, the status and every
 * action within the screen's width instead of a sideways scroll nothing hints at.
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
  emptyAction,
  filtered = false,
  onOpen,
  canOpen = () => true,
  openLabel,
  rowClassName,
  pageSizes = PAGE_SIZES,
  errorTitle,
  errorTestId = 'list-error',
  retryTestId = 'list-retry',
  emptyTestId,
  phoneTestId = testId,
}: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const table = useRef<GetRef<typeof Table>>(null);
  useKeyboardScrollArea(table, t('list.table_scroll'));

  if (query.isError && !query.isFetching && !query.data?.list.length) {
    return (
      <LoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        title={errorTitle ?? t('states.search_failed')}
        testId={errorTestId}
        retryTestId={retryTestId}
      />
    );
  }

  const opens = (row: T) => !!onOpen && canOpen(row);
  const layout = phoneLayout(columns);
  const opensFrom = (column: DataColumn<T>) => column === layout.title && !!onOpen;
  // The title cell is also a button, so a keyboard reaches what a mouse reaches by the row.
  const opener =
    (content: (row: T, index: number) => ReactNode) =>
    (_: unknown, row: T, index: number): ReactNode =>
      opens(row) ? (
        <button type="button" className="nc-row-link" onClick={() => onOpen!(row)} aria-label={openLabel?.(row)} data-testid="row-open">
          {content(row, index)}
        </button>
      ) : (
        content(row, index)
      );
  // In the table an ellipsis column's content is cut inside its own box, which offers the whole
  // text; in the title column that box sits inside the open button, so the button is never cut.
  const forTable = (column: DataColumn<T>): DataColumn<T> => {
    const plain = (row: T, index: number) => cellOf(column, row, index);
    if (!cutsWithEllipsis(column)) return opensFrom(column) ? { ...column, render: opener(plain) } : column;
    const cut = (row: T, index: number) => <CellText>{plain(row, index)}</CellText>;
    return { ...column, ellipsis: { showTitle: false }, render: opensFrom(column) ? opener(cut) : (_: unknown, row: T, index: number) => cut(row, index) };
  };
  // On a phone card the title wraps instead of being cut.
  const phoneTitle = layout.title && opensFrom(layout.title) ? { ...layout.title, render: opener((row, index) => cellOf(layout.title!, row, index)) } : layout.title;

  const list = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const totalText = (count: number) => t(query.data?.capped ? 'list.total_capped' : 'list.total', { count });
  const empty = filtered ? (
    <ListEmpty title={t('list.no_match')} body={t('list.empty_filtered')} testId={emptyTestId} />
  ) : (
    <ListEmpty title={emptyTitle} body={emptyBody} action={emptyAction} testId={emptyTestId} />
  );
  const openFromRow = (row: T) => (event: MouseEvent<HTMLElement>) => {
    if (opens(row) && !isInteractiveTarget(event.target, event.currentTarget)) onOpen!(row);
  };

  if (isPhone) {
    return (
      <div className="nc-cards" data-testid={phoneTestId} aria-busy={query.isFetching}>
        {query.isPending ? (
          [0, 1, 2].map((index) => <Skeleton key={index} active className="nc-card nc-card--loading" paragraph={{ rows: 3 }} title={false} />)
        ) : list.length === 0 ? (
          <div className="nc-card nc-card--empty">{empty}</div>
        ) : (
          list.map((row, index) => {
            return (
              <article
                key={row.id}
                className={['nc-card', opens(row) ? 'nc-card--opens' : '', rowClassName?.(row) ?? ''].join(' ').trim()}
                data-testid={rowTestId(row)}
                onClick={openFromRow(row)}
              >
                <header className="nc-card__head">
                  <div className="nc-card__title">{phoneTitle && cellOf(phoneTitle, row, index)}</div>
                  {layout.status.length > 0 && (
                    <div className="nc-card__status">
                      {layout.status.map((column) => (
                        <span key={String(column.key)}>{cellOf(column, row, index)}</span>
                      ))}
                    </div>
                  )}
                </header>
                {layout.fields.length > 0 && (
                  <dl className="nc-card__fields">
                    {layout.fields.map((column) => (
                      <div key={String(column.key)} className="nc-card__field">
                        <dt>{column.phoneLabel ?? (typeof column.title === 'function' ? null : column.title)}</dt>
                        <dd>{cellOf(column, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {(layout.actions || opens(row)) && (
                  <footer className="nc-card__actions">
                    {layout.actions && cellOf(layout.actions, row, index)}
                    {opens(row) && (
                      <Button size="small" type="link" className="nc-card__open" onClick={() => onOpen!(row)} aria-label={openLabel?.(row)} data-testid="card-open">
                        {t('actions.details')}
                      </Button>
                    )}
                  </footer>
                )}
              </article>
            );
          })
        )}
        {total > 0 && (
          <div className="nc-cards__pager">
            <span className="nc-cards__total">{totalText(total)}</span>
            {total > pageSize && <Pagination simple size="small" current={page} pageSize={pageSize} total={total} onChange={(next) => onPageChange(next, pageSize)} />}
          </div>
        )}
      </div>
    );
  }

  const width = columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 140), 0);

  return (
    <Table<T>
      ref={table}
      className="nc-table"
      data-testid={testId}
      rowKey="id"
      size="middle"
      columns={columns.map(forTable)}
      dataSource={list}
      loading={query.isFetching}
      scroll={{ x: width }}
      tableLayout="fixed"
      // Rows carry counts such as `children`; antd would read that field as nested tree rows.
      expandable={{ childrenColumnName: 'nc_no_tree' }}
      onRow={(row) =>
        ({
          'data-testid': rowTestId(row),
          className: [opens(row) ? 'nc-table__row--opens' : '', rowClassName?.(row) ?? ''].join(' ').trim() || undefined,
          onClick: openFromRow(row),
        }) as HTMLAttributes<HTMLElement>
      }
      locale={{ emptyText: query.isPending ? <div className="nc-table__placeholder" /> : empty }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: pageSizes.length > 1,
        pageSizeOptions: pageSizes,
        showTotal: totalText,
        onChange: onPageChange,
        hideOnSinglePage: false,
      }}
    />
  );
}

/**
 * A table wider than its place scrolls sideways inside antd's own scroll area; when no cell holds
 * a link or button, a keyboard cannot reach that scroll (WCAG 2.1.1). The area then takes focus
 * itself, named, so arrow keys scroll it; it gives the focus up again once everything fits.
 */
export function useKeyboardScrollArea(table: { current: GetRef<typeof Table> | null }, label: string): void {
  useEffect(() => {
    const mark = () => {
      const area = table.current?.nativeElement?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      if (!area) return;
      if (area.scrollWidth > area.clientWidth + 1) {
        area.tabIndex = 0;
        area.setAttribute('role', 'region');
        area.setAttribute('aria-label', label);
      } else {
        area.removeAttribute('tabindex');
        area.removeAttribute('role');
        area.removeAttribute('aria-label');
      }
    };
    mark();
    window.addEventListener('resize', mark);
    return () => window.removeEventListener('resize', mark);
  });
}
