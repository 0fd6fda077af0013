import type { RouteKey } from '@nearcast/contract';
import type { Namespace } from '../lib/i18n';
import { lazyPage, type LazyPage } from '../lib/lazy-with-retry';

export interface PageEntry {
  page: LazyPage;
  /** Catalogue namespaces the page reads, loaded together with its chunk. */
  namespaces: readonly Namespace[];
}

/**
 * One page per route of the contract's table. The Record type makes a route added to the
 * contract a compile error here until it has a page.
 */
export const PAGES: Record<RouteKey, PageEntry> = {
  home: { page: lazyPage(() => import('../features/home/pages/home-page'), 'HomePage'), namespaces: ['home'] },
  signin: { page: lazyPage(() => import('../features/account/pages/signin-page'), 'SigninPage'), namespaces: ['auth'] },
  dashboard: {
    page: lazyPage(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage'),
    // `video`: a merchant's dashboard shows its published videos (features/video's MerchantVideos);
    // `creative`: and the videos its studio is making for it (features/creative's MerchantCreative).
    // `promotion`: an agent's or a studio's dashboard shows what its promotion link brought.
    namespaces: ['dashboard', 'video', 'creative', 'promotion'],
  },
  profile: {
    page: lazyPage(() => import('../features/account/pages/profile-page'), 'ProfilePage'),
    // `dashboard`: its words for a session that has ended.
    namespaces: ['profile', 'auth', 'dashboard'],
  },
  privacy: {
    page: lazyPage(() => import('../features/legal/pages/privacy-page'), 'PrivacyPage'),
    namespaces: ['privacy'],
  },
  denied: {
    page: lazyPage(() => import('../features/system/pages/denied-page'), 'DeniedPage'),
    namespaces: ['common'],
  },
  notFound: {
    page: lazyPage(() => import('../features/system/pages/not-found-page'), 'NotFoundPage'),
    namespaces: ['common'],
  },
  material: {
    page: lazyPage(() => import('../features/material/pages/material-page'), 'MaterialPage'),
    namespaces: ['material'],
  },
  // The client list opens a merchant's materials (studio, operator): their words come with it.
  clients: { page: lazyPage(() => import('../features/org/pages/clients-page'), 'ClientsPage'), namespaces: ['org', 'material'] },
  learning: {
    page: lazyPage(() => import('../features/learning/pages/learning-page'), 'LearningPage'),
    namespaces: ['learning'],
  },
  video: {
    page: lazyPage(() => import('../features/video/pages/video-page'), 'VideoPage'),
    // `creative`: the production line is the page's first tab (features/creative's ProductionWorkspace).
    namespaces: ['video', 'creative'],
  },
  videoConnected: {
    page: lazyPage(() => import('../features/video/pages/video-connected-page'), 'VideoConnectedPage'),
    namespaces: ['video'],
  },
  review: { page: lazyPage(() => import('../features/video/pages/review-page'), 'ReviewPage'), namespaces: ['video'] },
  agents: { page: lazyPage(() => import('../features/org/pages/agents-page'), 'AgentsPage'), namespaces: ['org', 'promotion'] },
  finance: {
    page: lazyPage(() => import('../features/finance/pages/finance-page'), 'FinancePage'),
    namespaces: ['finance'],
  },
  account: { page: lazyPage(() => import('../features/org/pages/account-page'), 'AccountPage'), namespaces: ['org'] },
  operator: { page: lazyPage(() => import('../features/org/pages/operator-page'), 'OperatorPage'), namespaces: ['org'] },
  content: {
    page: lazyPage(() => import('../features/content/pages/content-page'), 'ContentPage'),
    namespaces: ['content'],
  },
  pricing: {
    page: lazyPage(() => import('../features/pricing/pages/pricing-page'), 'PricingPage'),
    namespaces: ['pricing'],
  },
  audit: { page: lazyPage(() => import('../features/audit/pages/audit-page'), 'AuditPage'), namespaces: ['audit'] },
  contacts: {
    page: lazyPage(() => import('../features/onboarding/pages/contacts-page'), 'ContactsPage'),
    namespaces: ['onboarding'],
  },
  area: { page: lazyPage(() => import('../features/area/pages/area-page'), 'AreaPage'), namespaces: ['area'] },
  zone: { page: lazyPage(() => import('../features/area/pages/zone-page'), 'ZonePage'), namespaces: ['area'] },
  waitlist: { page: lazyPage(() => import('../features/area/pages/waitlist-page'), 'WaitlistPage'), namespaces: ['area'] },
  promotion: {
    page: lazyPage(() => import('../features/promotion/pages/promotion-page'), 'PromotionPage'),
    namespaces: ['promotion'],
  },
  // `video`: the platforms are named as the video pages name them (哔哩哔哩, not Bilibili, in Chinese).
  reports: { page: lazyPage(() => import('../features/report/pages/reports-page'), 'ReportsPage'), namespaces: ['report', 'video'] },
  verification: {
    page: lazyPage(() => import('../features/verification/pages/verification-page'), 'VerificationPage'),
    namespaces: ['verification'],
  },
  payment: {
    page: lazyPage(() => import('../features/payment/pages/payment-page'), 'PaymentPage'),
    namespaces: ['payment'],
  },
  settle: {
    page: lazyPage(() => import('../features/onboarding/pages/settle-page'), 'SettlePage'),
    namespaces: ['onboarding'],
  },
  // The agent and studio centers draw the dashboard's panels: their words come with them.
  partner: { page: lazyPage(() => import('../features/org/pages/partner-page'), 'PartnerPage'), namespaces: ['org', 'dashboard'] },
  studio: {
    page: lazyPage(() => import('../features/org/pages/studio-page'), 'StudioPage'),
    namespaces: ['org', 'onboarding', 'dashboard'],
  },
  item: { page: lazyPage(() => import('../features/item/pages/item-page'), 'ItemPage'), namespaces: ['item'] },
  notifications: {
    page: lazyPage(() => import('../features/notification/pages/notifications-page'), 'NotificationsPage'),
    namespaces: ['notification'],
  },
  announcements: {
    page: lazyPage(() => import('../features/notification/pages/announcements-page'), 'AnnouncementsPage'),
    namespaces: ['notification'],
  },
  plans: { page: lazyPage(() => import('../features/payment/pages/plans-page'), 'PlansPage'), namespaces: ['payment'] },
  plan: { page: lazyPage(() => import('../features/payment/pages/plan-page'), 'PlanPage'), namespaces: ['payment'] },
  settleStudio: {
    page: lazyPage(() => import('../features/onboarding/pages/join-settle-page'), 'SettleStudioPage'),
    namespaces: ['onboarding'],
  },
  settleClient: {
    page: lazyPage(() => import('../features/onboarding/pages/join-settle-page'), 'SettleClientPage'),
    namespaces: ['onboarding'],
  },
};

/**
 * Route keys rendered without antd (and so outside the antd shell): the landing page, and the
 * public item page that shared links open on phones.
 */
export const ANTD_FREE: ReadonlySet<RouteKey> = new Set<RouteKey>(['home', 'item']);

export const LAYOUTS = {
  shell: lazyPage(() => import('./providers'), 'AppProviders'),
  main: lazyPage(() => import('./layouts/main-layout'), 'MainLayout'),
  common: lazyPage(() => import('./layouts/common-layout'), 'CommonLayout'),
} as const;
