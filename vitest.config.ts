import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** What a test file says when it reaches a database: the test app, a database handle, or the PostgreSQL URL. */
const TOUCHES_DATABASE = /test\/harness|\.\/harness|openDatabase|fresh-postgres|TEST_DATABASE_URL/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return /\.test\.(tsx?|js)$/.test(entry.name) ? [file] : [];
  });
}

/**
 * CI's second pass, on PostgreSQL (DATABASE_PASS=1), runs only the files that reach a database:
 * the web, contract, lint-rule and pure server tests do not depend on the engine, and running
 * them twice proves nothing. Found by what each file imports, so a new API test joins by itself.
 */
const pureFiles = (): string[] =>
  ['packages', 'apps', 'eslint-rules']
    .flatMap((dir) => testFiles(dir))
    .filter((file) => !TOUCHES_DATABASE.test(fs.readFileSync(file, 'utf8')));

/**
 * Files that build the test app only to reach what they prove, which no database engine changes:
 * they run once, on PGlite. The upload memory test measures how the upload path streams a
 * 150 MB file to disk, S3 and tus (the database holds one row); the production safety test
 * checks the server entry's configuration, the processes it starts running on the embedded
 * database whatever the pass.
 */
const ONCE_IS_ENOUGH = ['apps/server/src/modules/upload/upload-memory.test.ts', 'apps/server/src/test/production-safety.test.ts'];

/**
 * Two projects, one run. The server's and the lint rules' files share their workers' module
 * cache (`isolate: false`): each file starts its own test app on its own database, and importing
 * the app afresh for each of some 150 files was half the suite's time (a sample of 27 API files:
 * 111 s isolated, 50 s shared; the whole suite 11.8 minutes, 7.4 shared). The rest stays
 * isolated: the web's component tests (Testing Library's clean-up and their module mocks are set
 * up per file, and a shared DOM would carry one file's screens into the next) and the contract's
 * (its schemas hold process-wide hooks the server installs on import, such as the
 * common-password check, which its own tests install and expect absent).
 */
const SHARED = ['apps/server/src/**/*.test.ts', 'eslint-rules/*.test.js'];
const ISOLATED = ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'];

// One run for the unit and API tests of every workspace; the browser journeys in e2e/ have their own.
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', ...(process.env.DATABASE_PASS === '1' ? [...pureFiles(), ...ONCE_IS_ENOUGH] : [])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A file spends most of its time starting PGlite, migrating and seeding, one thread each:
    // vitest's default of one worker less than the cores left one of two cores idle, and two
    // workers on two cores took the suite from 18.7 to 8 minutes.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'server', include: SHARED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
