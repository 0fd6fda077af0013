import { routeAllows, type Role } from '@nearcast/contract';
import { matchRoute, pathOf } from '../../../lib/routes';

/**
 * A link worth following: not the center itself (an announcement already shows whole here), and
 * only to a page the reader's role may open, never to the access-denied page.
 */
export function targetOf(link: string | null, role: Role | null): string | null {
  if (!link || !role) return null;
  const pathname = link.split(/[?#]/)[0] ?? '';
  if (pathname === pathOf('notifications')) return null;
  const match = matchRoute(pathname);
  return match && routeAllows(match.route, role) ? link : null;
}
