import type { CurrentUser, DashboardScope, Role } from '@nearcast/contract';

/**
 * The scope the server will answer for this caller (it decides from the role, never from the
 * request). The page knows it before the first answer, to lay out the panels the role has
 * and to call only the endpoints its role may.
 */
export function scopeOf(role: Role, user: Pick<CurrentUser, 'agent_type'>): DashboardScope {
  switch (role) {
    case 'super':
    case 'admin':
      return 'platform';
    case 'partner':
      return user.agent_type === 'sub' ? 'sub_agent' : 'agent';
    case 'studio':
      return 'studio';
    case 'operator':
      return 'operator';
    default:
      return 'client';
  }
}

/** Those who run a network see its studios; those who serve merchants see the merchants. */
export const seesStudios = (scope: DashboardScope) => scope === 'platform' || scope === 'agent' || scope === 'sub_agent';
export const seesClients = (scope: DashboardScope) => scope !== 'client';
export const seesProfit = (scope: DashboardScope) => scope === 'platform';
/** Agents and studios recruit through a promotion link: their dashboard shows what it brought. */
export const seesPromotion = (scope: DashboardScope) => scope === 'agent' || scope === 'sub_agent' || scope === 'studio';
