import type { DashboardRange, DashboardScope } from '@nearcast/contract';
import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { useDashboardTotal } from '../api/dashboard-total';
import { useSession } from '../../../lib/session';
import { MerchantCreative, WhatWorksCard } from '../../creative';
import { MerchantApprovals, MerchantVideos } from '../../video';
import { planFromSession } from '../lib/plan';
import { seesClients, seesProfit, seesPromotion, seesStudios } from '../lib/scope';
import { FunnelCard } from '../../promotion';
import { ActivityCard } from './activity-card';
import { ClientsPanel } from './clients-panel';
import { ConnectionsCard } from './connections-card';
import { HeadlineTiles } from './headline-tiles';
import { PlanCard } from './plan-card';
import { ProfitPanel } from './profit-panel';
import { TopStudiosPanel } from './top-studios-panel';
import { TrendCard } from './trend-card';
import './panels-styles';

/**
 * The figures, the trend, the feed and the role's panels. The page loads this module lazily,
 * right as it renders, while its first request (the figures) is already under way, so the
 * signed-in first load carries only the page's frame.
 */
export function DashboardPanels({ range, scope }: { range: DashboardRange; scope: DashboardScope }) {
  const { user } = useSession();
  const total = useDashboardTotal(range);
  // A merchant whose standing was set by hand has no purchase behind it: its session still knows it.
  const plan = scope === 'client' && total.data ? (total.data.plan ?? (user ? planFromSession(user) : null)) : null;
  return (
    <>
      {plan && <PlanCard plan={plan} />}
      <HeadlineTiles range={range} />
      <div className="dash-grid dash-grid--main">
        <TrendCard range={range} scope={scope} />
        <ActivityCard />
      </div>
      {scope === 'client' && (
        // What waits for the merchant's word comes before what is already out; its notifications
        // open a post here (?post=<id>), since a merchant has no /video.
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <MerchantApprovals />
        </Suspense>
      )}
      {scope === 'client' && user && (
        // The videos its studio is making for it, and the brief they are written from.
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <MerchantCreative merchantId={user.id} />
        </Suspense>
      )}
      {scope === 'client' && (
        // The merchant's own videos, each platform's status and their numbers: what its plan buys.
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <MerchantVideos />
        </Suspense>
      )}
      {scope === 'client' && user && (
        // What its videos' results say works for its shop.
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <WhatWorksCard merchantId={user.id} />
        </Suspense>
      )}
      <div className="dash-grid">
        {seesStudios(scope) && <TopStudiosPanel range={range} />}
        {seesClients(scope) && <ClientsPanel range={range} showStudio={scope !== 'studio'} />}
        <ConnectionsCard range={range} />
        {seesProfit(scope) && <ProfitPanel range={range} />}
      </div>
      {seesPromotion(scope) && <FunnelCard />}
    </>
  );
}
