import { PlusOutlined } from '@ant-design/icons';
import { api, isStaff, VIDEO_POST_STATUSES, type PublishTargetName, type VideoPost, type VideoPostStatus, type VideoRange } from '@nearcast/contract';
import { Button, Card, Skeleton, Tabs } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePaging } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { InsightsPanel, LearningPanel, ProductionWorkspace, ReviewQueue } from '../../creative';
import { useVideoPlatforms } from '../api/list-platforms';
import { usePosts } from '../api/list-posts';
import { useCreateReviewLink } from '../api/review-link';
import { ComposerDrawer } from '../components/composer-drawer';
import { ConnectionsPanel } from '../components/connections-panel';
import { MerchantPicker } from '../../../components/merchant-picker';
import { PostDrawer } from '../components/post-drawer';
import { PostsCalendar } from '../components/posts-calendar';
import { PostsTable } from '../components/posts-table';
import { ReviewLinkModal, type ApprovalRequest } from '../components/review-link-modal';
import { StatsSection } from '../components/stats-section';
import { TARGET_ORDER } from '../lib/platforms';
import './video.css';
import '../components/stats-section.css';

type Tab = 'queue' | 'production' | 'posts' | 'calendar' | 'connections';
const TABS: readonly Tab[] = ['queue', 'production', 'posts', 'calendar', 'connections'];


/**
 * /video (super, admin, studio, operator): the merchants in scope with their platform accounts,
 * the composer, the review queue of every merchant's drafts (a studio's and staff's first tab,
 * and what a bare /video opens on for them), the production line of the merchant picked (its
 * drafts, scripts, brief and daily plan: ?tab=production), the posts as a list or a month's
 * calendar with each platform's status, and each post's page (a drawer, linkable as
 * ?post=<id>). The numbers over the spec's ranges sit below the tabs, so the day's work is
 * above the fold. An operator opens on the posts.
 */
export function VideoPage() {
  const { t } = useTranslation('video');
  const { t: tc } = useTranslation('creative');
  const { role } = useSession();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const can = useCan();
  const staff = role !== null && isStaff(role);
  const [params, setParams] = useSearchParams();
  // Who decides drafts reviews them: the queue is their first tab. An operator reads posts first.
  const canReview = can(api.creative.draftBulkApprove);
  const firstTab: Tab = canReview ? 'queue' : 'posts';
  const tab: Tab = TABS.filter((value) => canReview || value !== 'queue').find((value) => value === params.get('tab')) ?? firstTab;
  const merchantParam = Number(params.get('merchant'));
  const merchant = Number.isInteger(merchantParam) && merchantParam > 0 ? merchantParam : null;
  const postParam = Number(params.get('post'));
  const openPost = Number.isInteger(postParam) && postParam > 0 ? postParam : null;
  const [range, setRange] = useState<VideoRange>('30d');
  const [status, setStatus] = useState<VideoPostStatus | undefined>();
  const [platform, setPlatform] = useState<PublishTargetName | undefined>();
  const paging = usePaging();
  const [composing, setComposing] = useState(false);
  const [link, setLink] = useState<ApprovalRequest | null>(null);
  const reviewLink = useCreateReviewLink();
  const platforms = useVideoPlatforms();

  const posts = usePosts(
    { merchant_id: merchant ?? undefined, status, platform, page: paging.page, page_size: paging.size, sort: 'newest' },
    tab === 'posts',
  );

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key !== 'post' },
    );
  const open = (post: VideoPost) => setParam('post', String(post.id));

  const created = (post: VideoPost, askApproval: boolean) => {
    setComposing(false);
    // Asked for right away: the merchant is told by notification and mail, and the link is on offer too.
    if (askApproval) reviewLink.mutate({ id: post.id, hours: 72 }, { onSuccess: (answer) => setLink({ ...answer, merchant: post.merchant_name }) });
    setParam('post', String(post.id));
  };

  const platformOptions = (platforms.data?.list.map((item) => item.platform) ?? TARGET_ORDER).map((value) => ({ value, label: t(`platform.${value}`) }));

  return (
    <div className="video-page">
      <PageHeader
        subtitle={t(staff ? 'page.subtitle_staff' : 'page.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)} data-testid="video-compose">
            {t('composer.open')}
          </Button>
        }
      />
      <div className="video-toolbar">
        <MerchantPicker
          value={merchant}
          onChange={(id) => {
            setParam('merchant', id === null ? null : String(id));
            paging.toFirst();
          }}
          placeholder={t('merchant.all')}
          label={t('merchant.label')}
          testId="video-merchant"
          className="video-toolbar__merchant"
        />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (key === firstTab) next.delete('tab');
              else next.set('tab', key);
              // The production line's own section (?view=) belongs to its tab only.
              next.delete('view');
              return next;
            },
            { replace: true },
          )
        }
        aria-label={t('tabs.label')}
        // Five sections do not fit a 375 px phone in one row: there they wrap (video.css), as the
        // finance tabs do, rather than fold into antd's "more" button, which ARIA does not allow
        // inside a tablist.
        className="video-tabs"
        tabBarGutter={isPhone ? 16 : undefined}
        items={[
          ...(canReview
            ? [
                {
                  key: 'queue',
                  label: <span data-testid="video-tab-queue">{tc('queue.tab')}</span>,
                  children: (
                    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                      <ReviewQueue canAct={canReview} merchant={merchant} onMerchantChange={(id) => setParam('merchant', id === null ? null : String(id))} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          {
            key: 'production',
            label: <span data-testid="video-tab-production">{tc('workspace.tab')}</span>,
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <ProductionWorkspace merchantId={merchant} />
              </Suspense>
            ),
          },
          {
            key: 'posts',
            label: <span data-testid="video-tab-posts">{t('tabs.posts')}</span>,
            children: (
              <>
                <ListFilters
                  onReset={() => {
                    setStatus(undefined);
                    setPlatform(undefined);
                  }}
                  active={(status ? 1 : 0) + (platform ? 1 : 0)}
                >
                  <FilterSelect<VideoPostStatus>
                    label={t('filters.status')}
                    value={status}
                    onChange={(value) => {
                      setStatus(value);
                      paging.toFirst();
                    }}
                    options={VIDEO_POST_STATUSES.map((value) => ({ value, label: t(`post.status.${value}`) }))}
                    data-testid="video-filter-status"
                  />
                  <FilterSelect<PublishTargetName>
                    label={t('filters.platform')}
                    value={platform}
                    onChange={(value) => {
                      setPlatform(value);
                      paging.toFirst();
                    }}
                    options={platformOptions}
                    data-testid="video-filter-platform"
                  />
                </ListFilters>
                <PostsTable
                  query={posts}
                  {...paging.table}
                  onOpen={open}
                  filtered={Boolean(status || platform || merchant)}
                  showMerchant={merchant === null}
                />
              </>
            ),
          },
          { key: 'calendar', label: <span data-testid="video-tab-calendar">{t('tabs.calendar')}</span>, children: <PostsCalendar merchantId={merchant} onOpen={open} /> },
          { key: 'connections', label: <span data-testid="video-tab-connections">{t('tabs.connections')}</span>, children: <ConnectionsPanel merchantId={merchant} /> },
        ]}
        destroyOnHidden
      />
      {staff && merchant === null ? (
        // Staff read one merchant's numbers here; the whole platform's are the dashboard's.
        <Card size="small" className="video-stats__pick" data-testid="video-stats-pick">
          <p className="video-muted">{t('stats.pick_merchant')}</p>
          <Link to="/dashboard">{t('stats.open_dashboard')}</Link>
        </Card>
      ) : (
        <StatsSection query={{ merchant_id: merchant ?? undefined }} range={range} onRangeChange={setRange} />
      )}
      {!(staff && merchant === null) && (
        // What worked per choice, for the merchant picked or every merchant the studio serves.
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <InsightsPanel merchantId={merchant} />
        </Suspense>
      )}
      {!(staff && merchant === null) && (
        // What the plan learns for the merchant picked (else how to pick one); the studio and staff pin and ban, an operator reads.
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <LearningPanel merchantId={merchant} canEdit={canReview} />
        </Suspense>
      )}
      <ComposerDrawer open={composing} onClose={() => setComposing(false)} onCreated={created} initialMerchant={merchant} />
      <PostDrawer id={openPost} onClose={() => setParam('post', null)} canAct />
      <ReviewLinkModal link={link} onClose={() => setLink(null)} />
    </div>
  );
}
