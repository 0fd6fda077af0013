import {
  AlertOutlined,
  DollarOutlined,
  HistoryOutlined,
  PlayCircleOutlined,
  RollbackOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoadFailed } from '../../../components/list-state';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useDashboardActivity } from '../api/dashboard-activity';
import { describeActivity, toneOf, type ActivityTone } from '../lib/activity';
import { relativeTime } from '../lib/relative-time';
import './panels-styles';

const MARKS: Record<ActivityTone, ReactNode> = {
  money: <DollarOutlined />,
  refund: <RollbackOutlined />,
  people: <TeamOutlined />,
  video: <PlayCircleOutlined />,
  warning: <AlertOutlined />,
  other: <ThunderboltOutlined />,
};

/** What happened lately in the caller's scope, in words, newest first, a page at a time. */
export function ActivityCard() {
  const { t } = useTranslation('dashboard');
  const locale = currentLanguage();
  const feed = useDashboardActivity();
  const items = feed.data?.pages.flatMap((page) => page.list) ?? [];

  let body;
  if (feed.isPending) body = <Skeleton active avatar paragraph={{ rows: 3 }} title={false} />;
  else if (feed.isError && items.length === 0) body = <InlineLoadFailed onRetry={() => void feed.refetch()} retryTestId="activity-retry" />;
  else if (items.length === 0)
    body = (
      <p className="dash-muted dash-activity__empty" data-testid="activity-empty">
        {t('activity.empty')}
      </p>
    );
  else
    body = (
      <>
        <ol className="dash-activity" data-testid="activity-list">
          {items.map((item) => {
            const tone = toneOf(item.type);
            return (
              <li key={item.id} className="dash-activity__item" data-testid={`activity-${item.id}`} data-type={item.type}>
                <span className={`dash-activity__mark dash-activity__mark--${tone}`} aria-hidden="true">
                  {MARKS[tone]}
                </span>
                <span className="dash-activity__text">{describeActivity(item, t, locale)}</span>
                <time className="dash-activity__time" dateTime={item.at} title={formatDate(item.at)}>
                  {relativeTime(item.at, locale)}
                </time>
              </li>
            );
          })}
        </ol>
        {feed.hasNextPage && (
          <Button block type="text" className="dash-activity__more" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()} data-testid="activity-more">
            {t('activity.more')}
          </Button>
        )}
        {feed.isFetchNextPageError && <InlineLoadFailed onRetry={() => void feed.fetchNextPage()} retryTestId="activity-more-retry" />}
      </>
    );

  return (
    <Card className="dash-card" title={<span className="nc-card-title"><HistoryOutlined /> {t('activity.title')}</span>} data-testid="activity-card">
      {body}
    </Card>
  );
}
