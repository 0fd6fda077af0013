import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { VideoPost } from '@nearcast/contract';
import { Button, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { formatDay, formatMonth, weekdayOf } from '../../../lib/date-style';
import { currentLanguage } from '../../../lib/i18n';
import { usePosts } from '../api/list-posts';
import { byTargetOrder } from '../lib/platforms';
import { PlatformLabel } from './platform-tag';
import { JobStateTag, PostStatusTag } from './status-tags';
import './posts-calendar.css';

/**
 * A month of posts, day by day (scheduled time, or creation when none), as an agenda that reads
 * the same on a phone and a desktop: the days with posts, each post with its platforms.
 */
export function PostsCalendar({ merchantId, onOpen }: { merchantId: number | null; onOpen: (post: VideoPost) => void }) {
  const { t } = useTranslation('video');
  const language = currentLanguage();
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const query = usePosts({
    merchant_id: merchantId ?? undefined,
    date_from: month.format('YYYY-MM-DD'),
    date_to: month.endOf('month').format('YYYY-MM-DD'),
    sort: 'schedule',
    page: 1,
    page_size: 100,
  });
  const days = new Map<string, VideoPost[]>();
  for (const post of query.data?.list ?? []) {
    const day = dayjs(post.scheduled_at ?? post.create_time).format('YYYY-MM-DD');
    days.set(day, [...(days.get(day) ?? []), post]);
  }
  // Spec §9's date style, with the weekday in the reader's language.
  const monthLabel = formatMonth(month.toDate());
  const dayLabel = (day: string) => {
    const date = dayjs(day).toDate();
    return `${formatDay(date)} ${weekdayOf(date, language)}`.trim();
  };

  return (
    <section className="video-calendar" data-testid="video-calendar">
      <div className="video-calendar__bar">
        <Button icon={<LeftOutlined />} onClick={() => setMonth(month.subtract(1, 'month'))} aria-label={t('calendar.previous')} data-testid="calendar-previous" />
        <h2 className="video-section-title" data-testid="calendar-month">
          {monthLabel}
        </h2>
        <Button icon={<RightOutlined />} onClick={() => setMonth(month.add(1, 'month'))} aria-label={t('calendar.next')} data-testid="calendar-next" />
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} title={t('errors.load_posts')} />
      ) : days.size === 0 ? (
        <ListEmpty title={t('calendar.empty_month')} testId="calendar-empty" />
      ) : (
        <ol className="video-calendar__days">
          {[...days.entries()].map(([day, posts]) => (
            <li key={day} className={day === dayjs().format('YYYY-MM-DD') ? 'video-calendar__day video-calendar__day--today' : 'video-calendar__day'} data-day={day}>
              <h3 className="video-calendar__date">{dayLabel(day)}</h3>
              <ul className="video-calendar__posts">
                {posts.map((post) => (
                  <li key={post.id}>
                    <button type="button" className="video-calendar__post" onClick={() => onOpen(post)} data-testid={`calendar-post-${post.id}`}>
                      <span className="video-calendar__time">{dayjs(post.scheduled_at ?? post.create_time).format('HH:mm')}</span>
                      <span className="video-calendar__title">{post.title}</span>
                      <span className="video-calendar__merchant">{post.merchant_name}</span>
                      <PostStatusTag status={post.status} />
                      <span className="video-calendar__jobs">
                        {byTargetOrder(post.jobs, (job) => job.platform).map((job) => (
                          <span key={job.id} className="video-calendar__job">
                            <PlatformLabel platform={job.platform} sandbox={job.sandbox} />
                            <JobStateTag state={job.state} reason={job.reason} />
                          </span>
                        ))}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
