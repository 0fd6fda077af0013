import {
  allows,
  CLIENT_ONLY,
  EARNERS_AND_STAFF,
  MANAGERS,
  MATERIAL_OWNERS,
  PARTNER_ONLY,
  STAFF,
  STUDIO_ONLY,
  SUPER_ONLY,
  TEAM,
  WORKERS,
  type Role,
} from './roles.js';

/**
 * The route table of spec §2, shared by the web router, its guard and its navigation.
 * `roles: '*'` means any signed-in role. `public` routes skip the sign-in check.
 */
export type RouteRoles = '*' | readonly Role[];
export type RouteLayout = 'main' | 'common' | 'bare';

export interface RouteDef {
  /** Stable key: page lookup on the web side and the i18n key of its title (`routes.<key>`). */
  key: string;
  path: string;
  roles: RouteRoles;
  layout: RouteLayout;
  public?: boolean;
  /** Shown in the side navigation of the main layout. */
  nav?: boolean;
  /** Tag shown beside the navigation entry (spec: /video is tagged New). */
  tag?: 'new';
  /**
   * A signed-in route exempt from payment and info gating (spec §4: Payment). Public routes are
   * never gated, so Home, Signin, the access-denied page and 404 need no flag.
   */
  ungated?: boolean;
}

const ALL = '*' as const;

export const ROUTES = [
  // Main layout (sign-in needed), spec §2.
  { key: 'dashboard', path: '/dashboard', roles: ALL, layout: 'main', nav: true },
  // Common layout, one role each, and in the navigation right below the dashboard: these are
  // where an agent and a studio read their numbers.
  { key: 'partner', path: '/partner', roles: PARTNER_ONLY, layout: 'common', nav: true },
  { key: 'studio', path: '/studio', roles: STUDIO_ONLY, layout: 'common', nav: true },
  { key: 'material', path: '/material', roles: MATERIAL_OWNERS, layout: 'main', nav: true },
  { key: 'clients', path: '/clients', roles: TEAM, layout: 'main', nav: true },
  { key: 'learning', path: '/learning', roles: TEAM, layout: 'main', nav: true },
  { key: 'video', path: '/video', roles: WORKERS, layout: 'main', nav: true, tag: 'new' },
  // Ours: where a platform's OAuth sign-in returns (VIDEO_OAUTH_CALLBACK_PATH), outside the navigation.
  { key: 'videoConnected', path: '/video/connected', roles: WORKERS, layout: 'main' },
  { key: 'agents', path: '/agents', roles: MANAGERS, layout: 'main', nav: true },
  { key: 'finance', path: '/finance', roles: ALL, layout: 'main', nav: true },
  { key: 'account', path: '/account', roles: SUPER_ONLY, layout: 'main', nav: true },
  { key: 'operator', path: '/operator', roles: PARTNER_ONLY, layout: 'main', nav: true },
  { key: 'content', path: '/content', roles: STAFF, layout: 'main', nav: true },
  { key: 'pricing', path: '/pricing', roles: SUPER_ONLY, layout: 'main', nav: true },
  { key: 'area', path: '/area', roles: STAFF, layout: 'main', nav: true },
  { key: 'zone', path: '/zone', roles: STAFF, layout: 'main', nav: true },
  // Ours: the full cities' lines of studio applicants, which staff reorder (spec §9's 100 places).
  { key: 'waitlist', path: '/waitlist', roles: STAFF, layout: 'main', nav: true },
  // Ours (the spec does not show the path): the promotion link and QR code tool.
  { key: 'promotion', path: '/promotion', roles: EARNERS_AND_STAFF, layout: 'main', nav: true },
  // Ours: merchants' monthly reports, for the merchant and everyone who works for it.
  { key: 'reports', path: '/reports', roles: ALL, layout: 'main', nav: true },
  // Ours: the contact-completion submissions, for the staff who call back.
  { key: 'contacts', path: '/contacts', roles: STAFF, layout: 'main', nav: true },
  // Ours: official announcements, written and scheduled by staff, with their read counts.
  { key: 'announcements', path: '/announcements', roles: STAFF, layout: 'main', nav: true },
  // Ours: the staff audit log, for super admins (decision 059).
  { key: 'audit', path: '/audit', roles: SUPER_ONLY, layout: 'main', nav: true },
  // Signed-in pages outside the navigation.
  { key: 'verification', path: '/verification', roles: ALL, layout: 'main' },
  { key: 'profile', path: '/profile', roles: ALL, layout: 'main' },
  // Ours (spec §2 does not show the path): the notification center, opened from the header's bell.
  { key: 'notifications', path: '/notifications', roles: ALL, layout: 'main' },
  { key: 'payment', path: '/payment', roles: ALL, layout: 'common', ungated: true },
  { key: 'denied', path: '/denied', roles: ALL, layout: 'common', public: true },
  // Common layout, one role each.
  { key: 'settle', path: '/settle', roles: CLIENT_ONLY, layout: 'common' },
  // Public routes.
  { key: 'home', path: '/', roles: ALL, layout: 'bare', public: true },
  { key: 'signin', path: '/signin', roles: ALL, layout: 'bare', public: true },
  { key: 'privacy', path: '/privacy', roles: ALL, layout: 'bare', public: true },
  { key: 'item', path: '/item/:id', roles: ALL, layout: 'bare', public: true },
  // Ours: a video's review link (REVIEW_PATH), opened by the merchant on a phone without signing in.
  { key: 'review', path: '/review/:token', roles: ALL, layout: 'bare', public: true },
  // Ours (spec §2 leaves the paths open): choose a join type, then a package's detail and purchase.
  { key: 'plans', path: '/plans', roles: ALL, layout: 'bare', public: true },
  { key: 'plan', path: '/plans/:id', roles: ALL, layout: 'bare', public: true },
  { key: 'settleStudio', path: '/settle/studio', roles: ALL, layout: 'bare', public: true },
  { key: 'settleClient', path: '/settle/client', roles: ALL, layout: 'bare', public: true },
  { key: 'notFound', path: '/404', roles: ALL, layout: 'bare', public: true },
] as const satisfies readonly RouteDef[];

export type RouteKey = (typeof ROUTES)[number]['key'];

export function routeAllows(route: Pick<RouteDef, 'roles'>, role: Role): boolean {
  return allows(route.roles, role);
}

/** Where each role lands when the gating rules of spec §4 send it to onboarding. */
export const ONBOARDING_PATH = { client: '/settle', studio: '/studio' } as const;
