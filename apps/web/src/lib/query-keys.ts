import type { Endpoint } from '@nearcast/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query's key starts with its endpoint's path (then the body, then anything else the
 * answer depends on), so a change to what an endpoint answers refreshes every screen that shows
 * it, whichever feature drew that screen.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, ...rest: unknown[]): readonly unknown[] {
  return [endpoint.path, ...rest];
}

/** Marks every query of these endpoints stale (and refetches the ones on screen), in one pass. */
export function invalidateEndpoints(queryClient: QueryClient, endpoints: readonly Endpoint[]): Promise<void> {
  const paths = new Set(endpoints.map((endpoint) => endpoint.path));
  return queryClient.invalidateQueries({ predicate: (query) => paths.has(query.queryKey[0] as string) });
}
