/**
 * Query keys of the pricing feature. Lists sit under `pricingKeys.all`, so a change to any
 * package (created, edited, switched off, deleted) refreshes every filtered list at once.
 */
export const pricingKeys = {
  all: ['pricing'] as const,
  list: (query: unknown) => ['pricing', 'list', query] as const,
};
