import { PAY_STATUS, PAYING, type CurrentUser, type Role } from '@nearcast/contract';

/**
 * Where a signed-in user stands with its plan, for the pages that sell plans (Home, the plan
 * chooser): a visitor and an unpaid merchant are told to pick a package; an expired one to
 * renew; a paying one sees its plan and expiry instead of a sales pitch; staff and agents
 * need no plan at all.
 */
export type PlanStanding =
  | { kind: 'visitor' }
  | { kind: 'staff' }
  | { kind: 'unpaid' }
  | { kind: 'expired'; expireTime: string | null }
  | { kind: 'active'; expireTime: string | null };

export function planStanding(user: CurrentUser | null, role: Role | null): PlanStanding {
  if (!user || !role) return { kind: 'visitor' };
  if (!PAYING.includes(role)) return { kind: 'staff' };
  if (user.pay_status === PAY_STATUS.paid) return { kind: 'active', expireTime: user.expire_time };
  if (user.pay_status === PAY_STATUS.expired) return { kind: 'expired', expireTime: user.expire_time };
  return { kind: 'unpaid' };
}

/** True when the user's dashboard opens (spec §4 gating): staff, agents and paid merchants. */
export function opensDashboard(standing: PlanStanding): boolean {
  return standing.kind === 'staff' || standing.kind === 'active';
}
