import { allows, type Access, type Role, type RouteRoles } from '@nearcast/contract';
import { useCallback } from 'react';
import { useSession } from './session';

/**
 * What the contract declares roles for: an endpoint of `api` (its `access`) or a page of
 * `ROUTES` (its `roles`). The web never writes a role list of its own (docs/decisions/091).
 */
export type Declared = { access: Access } | { roles: RouteRoles };

/**
 * Whether `role` (null: signed out) may call the endpoint or open the page, exactly as the
 * contract declares it and the server enforces it. A button the server would refuse is not
 * shown: a refusal answers '403', and a '403' signs the user out (spec §8).
 */
export function roleCan(role: Role | null, target: Declared): boolean {
  const access: Access = 'access' in target ? target.access : target.roles;
  if (access === 'public') return true;
  return role !== null && allows(access, role);
}

/** `can(endpoint)` (or `can(page)`) for the signed-in user, for buttons, menus, tabs and pages. */
export function useCan(): (target: Declared) => boolean {
  const { role } = useSession();
  return useCallback((target: Declared) => roleCan(role, target), [role]);
}
