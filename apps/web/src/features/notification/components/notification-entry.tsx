import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import type { NotificationItem } from '@nearcast/contract';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { targetOf } from '../lib/notification-target';

interface NotificationEntryProps {
  item: NotificationItem;
  highlighted: boolean;
  marking: boolean;
  onRead: (item: NotificationItem) => void;
}


/** One notification: unread mark, title, body, when, and what to do with it. */
export function NotificationEntry({ item, highlighted, marking, onRead }: NotificationEntryProps) {
  const { t } = useTranslation('notification');
  const { role } = useSession();
  const target = targetOf(item.link, role);
  const classes = ['nc-note', item.read ? 'nc-note--read' : 'nc-note--unread', highlighted ? 'nc-note--highlighted' : ''];
  return (
    <li className={classes.join(' ').trim()} data-testid={`notification-${item.id}`} data-read={item.read} data-kind={item.kind}>
      <span className="nc-note__dot" aria-hidden="true" />
      <div className="nc-note__main">
        <div className="nc-note__head">
          <h3 className="nc-note__title" data-testid="notification-title">
            {!item.read && <span className="nc-visually-hidden">{t('center.unread')}: </span>}
            {item.title}
          </h3>
          {item.marketing && <Tag color="purple">{t('center.marketing')}</Tag>}
        </div>
        <p className="nc-note__body" data-testid="notification-body">
          {item.body}
        </p>
        <div className="nc-note__foot">
          <time className="nc-note__time" dateTime={item.create_time}>
            {formatDate(item.create_time)}
          </time>
          <span className="nc-note__actions">
            {!item.read && (
              <Button size="small" type="text" icon={<CheckOutlined />} loading={marking} onClick={() => onRead(item)} data-testid="notification-read">
                {t('center.mark_read')}
              </Button>
            )}
            {target && (
              <Link
                to={target}
                className="nc-note__open"
                onClick={() => {
                  if (!item.read) onRead(item);
                }}
                data-testid="notification-open"
              >
                {t('center.open')} <RightOutlined />
              </Link>
            )}
          </span>
        </div>
      </div>
    </li>
  );
}
