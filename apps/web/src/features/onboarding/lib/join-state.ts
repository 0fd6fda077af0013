import { INFO_STATUS, PAY_STATUS, roleOf, type CurrentUser } from '@nearcast/contract';

/** The two doors of the public join pages (/settle/client, /settle/studio). */
export type JoinRole = 'client' | 'studio';

/**
 * Where a visitor of a join page stands, which decides what the page offers: the pitch and
 * the call-back form, the plans, the settle form, the way to the dashboard, or the other door.
 */
export type JoinState = 'visitor' | 'unpaid' | 'settle' | 'complete' | 'other-role';

export function joinStateOf(user: CurrentUser | null, role: JoinRole): JoinState {
  if (!user) return 'visitor';
  if (roleOf(user.account_type) !== role) return 'other-role';
  // An expired plan is bought again like a first one.
  if (user.pay_status !== PAY_STATUS.paid) return 'unpaid';
  return user.info_status === INFO_STATUS.complete ? 'complete' : 'settle';
}

/** The pricing choice's join type for each door. */
export const PLAN_TYPE: Record<JoinRole, 'business' | 'studio'> = { client: 'business', studio: 'studio' };

/** The join page of the other paying role, for a visitor who came in through the wrong door. */
export const JOIN_PATH: Record<JoinRole, string> = { client: '/settle/client', studio: '/settle/studio' };
