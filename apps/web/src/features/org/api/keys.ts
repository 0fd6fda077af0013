/**
 * Query keys of the org feature. Every list and count sits under `orgKeys.all`, so an
 * assignment (which changes counts, names and scopes across pages) refreshes them all at once.
 */
export const orgKeys = {
  all: ['org'] as const,
  accounts: (query: unknown) => ['org', 'accounts', query] as const,
  account: (id: number) => ['org', 'account', id] as const,
  agents: (query: unknown) => ['org', 'agents', query] as const,
  agentCount: ['org', 'agents', 'count'] as const,
  studios: (query: unknown) => ['org', 'studios', query] as const,
  studioCount: ['org', 'studios', 'count'] as const,
  studioTop: (query: unknown) => ['org', 'studios', 'top', query] as const,
  clients: (query: unknown) => ['org', 'clients', query] as const,
  clientCount: ['org', 'clients', 'count'] as const,
  operators: (query: unknown) => ['org', 'operators', query] as const,
};
