import { defineConfig } from 'vitest/config';

/**
 * Journeys whose outcome does not depend on the database engine: they read pages, the guard,
 * the shell, the built assets and accessibility. CI runs the whole suite on PGlite and then
 * only the other journeys again on PostgreSQL (DATABASE_PASS=1), because running these a
 * second time proves nothing new and costs minutes; the API tests cover both engines in full.
 */
const ENGINE_INDEPENDENT = [
  'journeys/a11y-layout.test.ts',
  'journeys/admin-walk.test.ts',
  'journeys/first-load.test.ts',
  'journeys/form-messages.test.ts',
  'journeys/no-false-errors.test.ts',
  'journeys/routes.test.ts',
  'journeys/shell.test.ts',
  'journeys/wayfinding.test.ts',
];

/**
 * Journeys that write through the database, but only through calls whose API suites already run
 * on both engines in full: the second pass would repeat their clicks and prove nothing new.
 */
const ONCE_IS_ENOUGH = [
  'journeys/admin-walk.test.ts',
  'journeys/approval.test.ts',
  'journeys/content.test.ts',
  'journeys/dashboard.test.ts',
  'journeys/material.test.ts',
  'journeys/notifications.test.ts',
  'journeys/verification.test.ts',
  'journeys/video.test.ts',
];

// Browser journeys against the built app: one server for the run (support/global-setup.ts),
// one Chromium per file, files one after another so two cores are not oversubscribed.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    exclude: process.env.DATABASE_PASS === '1' ? [...ENGINE_INDEPENDENT, ...ONCE_IS_ENOUGH] : [],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: on two busy cores an antd form validates, a
    // message fades in or a lazy chunk arrives later than that, and a journey failed on a page
    // that was right a moment after. A wrong page still fails, ten seconds later.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
