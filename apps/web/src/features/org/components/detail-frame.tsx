import type { UseQueryResult } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/list-state';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';

/**
 * The frame of every person's detail drawer (a client, an agent, an employee): full screen on a
 * phone, its actions in the header where a thumb reaches them, a skeleton while it loads and the
 * shared failure with a retry.
 */
export function DetailDrawer({
  open,
  title,
  onClose,
  actions,
  testId,
  query,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  actions?: ReactNode;
  testId: string;
  /** When the drawer reads its subject itself; left out when the list row already holds all of it. */
  query?: UseQueryResult<unknown>;
  children: ReactNode;
}) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  let body = children;
  if (query?.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (query?.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={isPhone ? '100%' : 520}
      className="org-drawer"
      data-testid={testId}
      // A phone's header has no room beside the title: the actions lead the body instead.
      extra={actions && !isPhone ? <div className="org-drawer__actions">{actions}</div> : undefined}
    >
      <div className="org-detail">
        {actions && isPhone && <div className="org-drawer__actions org-drawer__actions--body">{actions}</div>}
        {body}
      </div>
    </Drawer>
  );
}

/** One titled block of label/value rows inside a detail drawer. */
export function DetailSection({ title, items, testId }: { title: string; items: [string, ReactNode][]; testId?: string }) {
  return (
    <Descriptions
      title={title}
      column={1}
      size="small"
      bordered
      className="org-descriptions"
      data-testid={testId}
      items={items.map(([label, children], index) => ({ key: index, label, children }))}
    />
  );
}
