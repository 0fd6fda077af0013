import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { tableOwnershipPlugin } from './table-ownership.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const src = '/repo/apps/server/src';

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
