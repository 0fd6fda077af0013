import { defineConfig } from 'vitest/config';

// Browser journeys against the built app: one server for the run (support/global-setup.ts),
// one Chromium per file, files one after another so two cores are not oversubscribed.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
