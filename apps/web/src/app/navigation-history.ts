import type { GuardLocation } from './guard';

/**
 * The location shown before the navigation being decided. Loaders run before the new
 * location is committed, so the last committed one is exactly "the previous route" that an
 * unmatched URL falls back to (spec §4).
 */
let previous: GuardLocation | null = null;

export function rememberLocation(location: GuardLocation): void {
  previous = { pathname: location.pathname, search: location.search };
}

export function previousLocation(): GuardLocation | null {
  return previous;
}
