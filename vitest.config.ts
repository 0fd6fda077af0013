import { defineConfig } from 'vitest/config';

// One run for the unit and API tests of every workspace; the browser journeys in e2e/ have their own.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'eslint-rules/*.test.js'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
