import { defineModule } from '../modules/module-definition.js';
import { idempotencyPurgeJob } from './idempotency.js';

/**
 * The API's own tables: the answers kept for idempotency keys (purged when they expire) and the
 * caller rate limits' counters. Its routes are every route's plugins, not routes of its own.
 */
export const apiModule = defineModule()({
  name: 'api',
  schemas: ['idempotency', 'rate-limit'],
  provides: [],
  needs: [],
  build: () => ({}),
  jobs: (_services, { db, log }) => [idempotencyPurgeJob(db, log)],
});
