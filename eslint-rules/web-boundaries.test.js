import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { webBoundaries } from './web-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const src = '/repo/apps/web/src';

tester.run('web/feature-boundaries', webBoundaries.rules['feature-boundaries'], {
  valid: [
    // Inside one feature, anything goes.
    { filename: `${src}/features/org/pages/clients-page.tsx`, code: "import { useClients } from '../api/list-clients';" },
    // Another feature through its index.
    { filename: `${src}/features/org/components/agent-detail-drawer.tsx`, code: "import { FunnelCard } from '../../promotion';" },
    { filename: `${src}/features/org/pages/studio-page.tsx`, code: "import { SettleStep } from '../../onboarding/index';" },
    // Shared layers from a feature.
    { filename: `${src}/features/org/pages/clients-page.tsx`, code: "import { DataTable } from '../../../components/data-table';" },
    { filename: `${src}/features/org/pages/clients-page.tsx`, code: "import { useClientCount } from '../../../api/client-count';" },
    // The composition root reaches pages.
    { filename: `${src}/app/pages.ts`, code: "const page = () => import('../features/org/pages/clients-page');" },
    // Packages are not files of the app.
    { filename: `${src}/lib/api-client.ts`, code: "import { api } from '@nearcast/contract';" },
  ],
  invalid: [
    {
      filename: `${src}/features/dashboard/components/clients-panel.tsx`,
      code: "import { useClients } from '../../org/api/list-clients';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: `${src}/features/pricing/pages/pricing-page.tsx`,
      code: "export { DataTable } from '../../org/components/data-table';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: `${src}/features/home/components/home-header.tsx`,
      code: "const load = () => import('../../account/api/logout');",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: `${src}/components/data-table/data-table.tsx`,
      code: "import { displayName } from '../../features/org';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
    {
      filename: `${src}/lib/session.ts`,
      code: "import { signOut } from '../features/account/index';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
    {
      filename: `${src}/api/client-count.ts`,
      code: "import { orgReads } from '../features/org/api/org-reads';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
  ],
});
