import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pathOf } from '../../../lib/routes';
import { useSession } from '../../../lib/session';
import { useUnreadCounts } from '../api/unread-counts';
import { useNotificationStream } from '../lib/use-notification-stream';
import './notification-bell.css';

/**
 * The header's bell (both layouts): the unread count, kept live by the notification stream,
 * and the way into the notification center.
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const { token } = useSession();
  const location = useLocation();
  const status = useNotificationStream(token);
  const unread = useUnreadCounts(!!token);
  const count = unread.data?.total ?? 0;
  const path = pathOf('notifications');
  const here = location.pathname === path;
  return (
    <Link
      to={path}
      className={here ? 'nc-bell nc-bell--here' : 'nc-bell'}
      aria-label={count > 0 ? t('nav.notifications_unread', { count }) : t('nav.notifications_none')}
      aria-current={here ? 'page' : undefined}
      title={t('nav.notifications')}
      data-testid="notification-bell"
      data-unread={count}
      data-live={status}
    >
      <Badge count={count} overflowCount={99} size="small" offset={[2, -2]} data-testid="notification-badge">
        <BellOutlined className="nc-bell__icon" />
      </Badge>
    </Link>
  );
}
