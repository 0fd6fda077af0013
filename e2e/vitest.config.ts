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
  'journeys/what-works.test.ts',
];

/**
 * Journeys that write through the database, but only through calls whose API suites already run
 * on both engines in full: the second pass would repeat their clicks and prove nothing new.
 */
const ONCE_IS_ENOUGH = [
  // The audit log's entries, chain and filters are the audit API suite's, on both engines; the
  // journey reads the page.
  'journeys/audit.test.ts',
  'journeys/approval.test.ts',
  'journeys/content.test.ts',
  'journeys/dashboard.test.ts',
  'journeys/material.test.ts',
  'journeys/notifications.test.ts',
  // What it proves is the settle form's gating and fields, the join pages and the call-back
  // list's search: synchronous calls the onboarding and org API suites run on both engines. The
  // paid accounts it starts from are made by the same calls as in the journeys that stay below.
  'journeys/onboarding.test.ts',
  // A phone's list cards and the drawers of people rows; its writes (assigning a studio, editing
  // and disabling an employee, adding an account) are the org API suite's calls.
  'journeys/people-details.test.ts',
  // A merchant reads and downloads its monthly report: the report API suite builds, scopes and
  // reconciles reports on both engines; the journey reads the page and the PDF.
  'journeys/reports.test.ts',
  // Assigning a studio to a sub-agent, the exports, disabling an account and adding an employee:
  // each a single synchronous call of the org and account API suites, which run on both engines.
  'journeys/people.test.ts',
  // Package create, edit, disable and delete and the public list in three languages: the pricing
  // and translation API suites run those on both engines; the rest is how the screen reads.
  'journeys/pricing.test.ts',
  // The production line's brief, scripts, renders and drafts are the creative API suites' calls,
  // its render engine, job queue and live stream are tested on both engines too; a second pass
  // would only repeat two full-size renders.
  'journeys/production.test.ts',
  // The cookie banner, phone numbers, table columns, the devices list and a plan card's language
  // are how pages read; its few writes (signing out other devices, a package made and deleted)
  // are the devices and pricing API suites' calls.
  'journeys/small-things.test.ts',
  // The QR code is drawn in the browser and involves no database at all.
  'journeys/promotion-qr.test.ts',
  'journeys/verification.test.ts',
  'journeys/video.test.ts',
  // The studio's review queue, keyboard and undo: how the page reads and answers keys; the queue,
  // bulk approve and reject are the review-queue API suite's calls on both engines, and a second
  // pass would only wait for the same day of renders again.
  'journeys/review-queue.test.ts',
  // The 100-draft review day: keys, prefetch and undo timing are the page's; its calls are the review-queue API suite's.
  'journeys/review-day.test.ts',
];

/**
 * What the PostgreSQL pass still runs, and why twice proves something there: these journeys
 * depend on the running server's work outside a request, its job queue (on PostgreSQL on
 * connections of its own, on PGlite inside the one embedded session) delivering a payment's
 * events and running the holding period's release job, and on the per-account advisory locks of
 * checkout and settlement under real concurrent requests. The API suites build the app in
 * process without starting that queue, so only these journeys see those paths on the second
 * engine: checkout.test.ts (purchases, a city's limit of studio places), finance.test.ts (a
 * payment to a payout through the release job), stranger.test.ts (a stranger's registration,
 * purchase and onboarding, as a shop owner and as a studio; in English only on this pass).
 */

/**
 * The journeys run in a shuffled order, a new one each run: a journey makes the accounts and
 * payments it reads, and one that leaned on another's leftovers would fail in some order. The
 * seed is printed; E2E_SEED=<seed> repeats an order. Steps inside a journey keep their order:
 * they are one person's visit.
 */
const seed = Number(process.env.E2E_SEED ?? Date.now() % 1_000_000);
console.log(`journeys in a shuffled order: E2E_SEED=${seed} repeats it`);

// Browser journeys against the built app: one server for the run (support/global-setup.ts),
// one Chromium per file, files one after another so two cores are not oversubscribed.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    exclude: process.env.DATABASE_PASS === '1' ? [...ENGINE_INDEPENDENT, ...ONCE_IS_ENOUGH] : [],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    sequence: { shuffle: { files: true, tests: false }, seed },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: on two busy cores an antd form validates, a
    // message fades in or a lazy chunk arrives later than that, and a journey failed on a page
    // that was right a moment after. A wrong page still fails, ten seconds later.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
