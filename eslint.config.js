import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tableOwnershipPlugin } from './eslint-rules/table-ownership.js';
import { roleLists } from './eslint-rules/role-lists.js';
import { webBoundaries } from './eslint-rules/web-boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'data/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // config.ts is the only reader of the environment (design.md); tests and scripts may read theirs.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
    },
  },
  {
    // SQL lives in repositories (design.md): only `repository.ts` / `*-repository.ts`, `db/` and
    // `access/` (the scope rule is a SQL condition) import drizzle or the schema. Type-only imports
    // count too: a service takes its row types from its own repository, which re-exports them, so
    // "who touches which table" is answered by reading repositories alone.
    // Exempt: tests (`*.test.ts`, `src/test/`) arrange states no endpoint can reach (an expired
    // plan, a shifted clock) and check what was stored; `src/scripts/` are operator tools that
    // bulk-load 100,000 accounts in SQL, which would take hours through services. The demo seed
    // (`src/demo/`) runs inside the server and goes through repositories like any other code.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/repository.ts',
      '**/*-repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/access/**',
      '**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/scripts/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // On Node 20 an async context store hooks every promise of the process (decision 067):
          // hand what a call needs on explicitly, as the caller carries its origin to the audit log.
          paths: [
            { name: 'node:async_hooks', importNames: ['AsyncLocalStorage', 'createHook'], message: 'Pass the context explicitly (decision 067).' },
            { name: 'async_hooks', importNames: ['AsyncLocalStorage', 'createHook'], message: 'Pass the context explicitly (decision 067).' },
          ],
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories, db/ and access/ use drizzle: move the query into a repository.' },
            {
              group: ['**/db/schema', '**/db/schema.js', '**/db/schema/*'],
              message: "Only repositories, db/ and access/ import the schema: take row types from your module's repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // Table ownership (decision 012): a module imports its own schema file only, never the
    // barrel; other modules' tables are read through their services or db/ and access/ helpers.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/scripts/**'],
    plugins: { server: tableOwnershipPlugin },
    rules: { 'server/table-ownership': 'error' },
  },
  {
    // Web layers: a feature uses another only through its index.ts; components/, lib/ and api/
    // import no feature (eslint-rules/web-boundaries.js says why).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: webBoundaries },
    rules: { 'web/feature-boundaries': 'error' },
  },
  {
    // Roles are written once (decision 091): the contract declares who may call each endpoint and
    // open each page, and the server's access/ folder holds the rules that depend on the data.
    // Exempt: tests and their fixtures, which state what each role should get as evidence apart
    // from the declaration (the e2e route table is an independent oracle of the spec on purpose),
    // and the demo seed, whose announcements and courses name their audiences as data.
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/access/**', '**/*.test.{ts,tsx}', 'apps/server/src/test/**', 'apps/web/src/test/**', 'apps/server/src/demo/**'],
    plugins: { roles: roleLists },
    rules: { 'roles/no-role-lists': 'error' },
  },
  {
    // Small files (docs/decisions/093): a source file over 400 lines is split where its
    // responsibilities part. The exceptions are data (the script libraries, the message
    // catalogues, the contract's table of endpoints) and the two files named in the decision.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/server/src/test/**',
      'apps/web/src/test/**',
      'apps/server/src/modules/creative/script-library/*.ts',
      'packages/contract/src/messages/*.ts',
      'packages/contract/src/endpoints.ts',
      'apps/server/src/modules/creative/script-guard.ts',
      'apps/server/src/modules/payment/service.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
);
