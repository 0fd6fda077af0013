import { CheckCircleOutlined } from '@ant-design/icons';
import { isOneOf, NOTIFICATION_TABS, type NotificationItem, type NotificationTab } from '@nearcast/contract';
import { Badge, Button, Skeleton, Switch, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { isAbort } from '../../../lib/api-client';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError } from '../../../lib/notify';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { useNotificationList } from '../api/notification-list';
import { useUnreadCounts } from '../api/unread-counts';
import { NotificationEntry } from '../components/notification-entry';
import './notifications.css';

const isTab = (value: string | null): value is NotificationTab => isOneOf(NOTIFICATION_TABS, value);

function TabList({ tab, unreadOnly, highlight }: { tab: NotificationTab; unreadOnly: boolean; highlight: number | null }) {
  const { t } = useTranslation('notification');
  const list = useNotificationList(tab, unreadOnly);
  const markRead = useMarkRead();

  const read = (item: NotificationItem) =>
    markRead.mutate(
      { tab, ids: [item.id] },
      {
        onError: (error) => {
          if (!isSignedOut(error) && !isAbort(error)) notifyError(failureText(t('center.failed'), error));
        },
      },
    );

  if (list.isPending) {
    return (
      <div className="nc-notes" aria-busy="true" data-testid="notifications-loading">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} active title={false} paragraph={{ rows: 2 }} className="nc-note nc-note--loading" />
        ))}
      </div>
    );
  }
  const items = list.data?.pages.flatMap((page) => page.list) ?? [];
  if (list.isError && items.length === 0) {
    return <LoadFailed error={list.error} onRetry={() => void list.refetch()} testId="notifications-error" />;
  }
  if (items.length === 0) {
    return unreadOnly ? (
      <ListEmpty title={t('center.empty.unread')} body={t('center.empty.unread_body')} testId="notifications-empty" />
    ) : (
      <ListEmpty title={t(`center.empty.${tab}`)} body={t(`center.empty.${tab}_body`)} testId="notifications-empty" />
    );
  }
  return (
    <>
      <ul className="nc-notes" aria-busy={list.isFetching} data-testid={`notifications-${tab}`}>
        {items.map((item) => (
          <NotificationEntry
            key={item.id}
            item={item}
            highlighted={item.id === highlight}
            marking={markRead.isPending && markRead.variables.ids.includes(item.id)}
            onRead={read}
          />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="nc-notes__more">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="notifications-more">
            {t('center.load_more')}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * /notifications (every signed-in role): official announcements and interactive notifications
 * in two tabs, newest first, each marked read on its own or all at once, each leading to what
 * it is about. The tab (and an announcement to point at) live in the address, so the bell,
 * an e-mail link and the back button all land where they should.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notification');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: NotificationTab = isTab(tabParam) ? tabParam : 'official';
  const highlight = Number(params.get('id')) || null;
  const [unreadOnly, setUnreadOnly] = useState(false);
  const unread = useUnreadCounts();
  const markAll = useMarkAllRead();
  const unreadHere = unread.data?.[tab] ?? 0;

  const readAll = () =>
    markAll.mutate(tab, {
      onError: (error) => {
        if (!isSignedOut(error) && !isAbort(error)) notifyError(failureText(t('center.failed'), error));
      },
    });

  return (
    <div className="nc-notifications" data-testid="notifications-page">
      <PageHeader
        subtitle={t('center.subtitle')}
        extra={
          <div className="nc-notifications__tools">
            {/* Outside the tab bar: a tablist may hold only tabs. */}
            <label className="nc-notifications__filter">
              <Switch size="small" checked={unreadOnly} onChange={setUnreadOnly} data-testid="notifications-unread-only" />
              <span>{t('center.unread_only')}</span>
            </label>
            <Button icon={<CheckCircleOutlined />} onClick={readAll} loading={markAll.isPending} disabled={unreadHere === 0} data-testid="notifications-read-all">
              {t('center.mark_all_read')}
            </Button>
          </div>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        items={NOTIFICATION_TABS.map((key) => ({
          key,
          label: (
            <span data-testid={`notifications-tab-${key}`}>
              {t(`center.tabs.${key}`)}{' '}
              <Badge count={unread.data?.[key] ?? 0} size="small" overflowCount={99} className="nc-notifications__count" />
            </span>
          ),
          children: <TabList tab={key} unreadOnly={unreadOnly} highlight={key === 'official' ? highlight : null} />,
        }))}
        destroyOnHidden
      />
    </div>
  );
}
