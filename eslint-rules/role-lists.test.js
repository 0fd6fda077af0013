import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { roleLists } from './role-lists.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('roles/no-role-lists', roleLists.rules['no-role-lists'], {
  valid: [
    // The contract's declaration, read.
    { code: "route(app, api.area.add, (caller, { body }) => areas.add(caller, body));" },
    { code: 'const canWrite = can(api.creative.renderAdd);' },
    { code: 'if (!STAFF.includes(role)) throw forbidden();' },
    // One role picks that role's own view.
    { code: "const merchantId = caller.role === 'client' ? caller.id : undefined;" },
    { code: "const heads = role === 'partner' && agentType !== 'sub';" },
    // Words that are not roles, and mixed lists that are not role lists.
    { code: "const views = ['drafts', 'scripts', 'setup'];" },
    { code: "const kinds = ['studio', 'platform'];" },
    // Two different values each compared once.
    { code: "if (role === 'studio' || type === 'client') go();" },
  ],
  invalid: [
    { code: "const STAFF = ['super', 'admin'];", errors: [{ messageId: 'array' }] },
    { code: "route(app, api.area.add, ['super', 'admin'], handler);", errors: [{ messageId: 'array' }] },
    { code: "const only = ['client'];", errors: [{ messageId: 'array' }] },
    { code: "const kind = z.enum(['studio', 'partner']);", errors: [{ messageId: 'array' }] },
    { code: "const staff = role === 'super' || role === 'admin';", errors: [{ messageId: 'chain' }] },
    { code: "const writes = role === 'super' || role === 'admin' || role === 'studio';", errors: [{ messageId: 'chain' }] },
    { code: "if (caller.role !== 'studio' && caller.role !== 'partner') throw notFound();", errors: [{ messageId: 'chain' }] },
    { code: "if (('client' === role || 'studio' === role) && incomplete) go();", errors: [{ messageId: 'chain' }] },
  ],
});
