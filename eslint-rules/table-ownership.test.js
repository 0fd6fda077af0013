import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ownershipOf, ownersOf, tableOwnershipPlugin } from './table-ownership.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
// The real server tree: the rule reads who owns what from its modules' definitions.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');

describe('ownership read from module definitions', () => {
  it("takes a definition's schemas and shares, and nothing written elsewhere in the file", () => {
    const text = `
      const note = { schemas: ['not-this'] };
      export const m = defineModule<{ a: A }>()({
        name: 'm',
        schemas: ['m', 'm-extra'],
        // why the share
        shares: { m: ['modules/other', 'access'], 'm-extra': ['plugins'] },
        provides: [],
        needs: [],
        build: () => ({}),
      });`;
    expect(ownershipOf('modules/m', text)).toEqual({ m: ['modules/m', 'modules/other', 'access'], 'm-extra': ['modules/m', 'plugins'] });
  });

  it('gives every schema file of the server an owner', () => {
    const owners = ownersOf(src);
    const files = fs
      .readdirSync(path.join(src, 'db/schema'))
      .filter((file) => file.endsWith('.ts') && file !== 'schema.ts')
      .map((file) => file.replace(/\.ts$/, ''));
    expect(files.filter((file) => !owners[file])).toEqual([]);
  });
});

tester.run('server/table-ownership', tableOwnershipPlugin.rules['table-ownership'], {
  valid: [
    // A module's own schema file.
    { filename: `${src}/modules/video/repository.ts`, code: "import { videoPosts } from '../../db/schema/video.js';" },
    { filename: `${src}/modules/account/sign-in-throttle-repository.ts`, code: "import { signInThrottle } from '../../db/schema/sign-in-throttle.js';" },
    // The shared people table: its owner, org (decision 012) and the scope rule.
    { filename: `${src}/modules/org/repository.ts`, code: "import { accounts } from '../../db/schema/account.js';" },
    { filename: `${src}/access/scope.ts`, code: "import { accounts } from '../db/schema/account.js';" },
    // db/ composes the schema and its helpers.
    { filename: `${src}/db/schema.ts`, code: "export * from './schema/video.js';" },
    { filename: `${src}/db/party-name.ts`, code: "import { accounts } from './schema/account.js';" },
    // Shared column helpers belong to nobody.
    { filename: `${src}/db/schema/video.ts`, code: "import { money } from './columns.js';" },
    // Not a schema file at all.
    { filename: `${src}/modules/video/repository.ts`, code: "import { partyNameOf } from '../../db/party-name.js';" },
  ],
  invalid: [
    {
      filename: `${src}/modules/material/repository.ts`,
      code: "import { accounts, footage } from '../../db/schema.js';",
      errors: [{ messageId: 'barrel' }],
    },
    {
      filename: `${src}/modules/video/repository.ts`,
      code: "import { accounts } from '../../db/schema/account.js';",
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: `${src}/modules/dashboard/service.ts`,
      code: "import { payments } from '../../db/schema/payment.js';",
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: `${src}/modules/finance/records-repository.ts`,
      code: "export { settlements } from '../../db/schema/settlement.js';",
      errors: [{ messageId: 'foreign' }],
    },
  ],
});
