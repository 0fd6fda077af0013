import path from 'node:path';

/**
 * Table ownership (docs/decisions/012): every table is declared in the schema file of the module
 * that owns it (`apps/server/src/db/schema/<file>.ts`), and only that module imports the file.
 * Another module reads through the owner's exported reads, an event-fed copy, or the shared SQL
 * helpers of `db/` and `access/` (the scope rule and the party-name rule over `accounts`).
 *
 * - Server code outside `db/` imports a schema file, never the `db/schema.ts` barrel: the import
 *   then says which module's tables a file touches.
 * - A schema file is imported only by the places that own it (OWNERS below).
 *
 * Tests and operator scripts are exempt (eslint.config.js): they arrange states no endpoint can
 * reach and bulk-load at scale in SQL.
 */
export const OWNERS = {
  account: ['modules/account', 'modules/org', 'access'],
  'sign-in-throttle': ['modules/account'],
  area: ['modules/area'],
  pricing: ['modules/pricing'],
  payment: ['modules/payment', 'adapters/payments'],
  onboarding: ['modules/onboarding'],
  events: ['modules/events'],
  upload: ['modules/upload'],
  content: ['modules/content'],
  finance: ['modules/finance'],
  settlement: ['modules/settlement'],
  verification: ['modules/verification'],
  material: ['modules/material'],
  video: ['modules/video'],
  creative: ['modules/creative'],
  'creative-outcomes': ['modules/creative'],
  'creative-learning': ['modules/creative'],
  dashboard: ['modules/dashboard'],
  notification: ['modules/notification'],
  audit: ['modules/audit'],
  waitlist: ['modules/waitlist'],
  promotion: ['modules/promotion'],
  report: ['modules/report'],
  attribution: ['modules/attribution'],
  idempotency: ['plugins'],
  columns: ['*'],
};

function serverRootOf(file) {
  const marker = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
  const at = file.lastIndexOf(marker);
  return at === -1 ? null : file.slice(0, at + marker.length - 1);
}

/** `modules/video`, `access`, `adapters/payments`, `db`, … for a file under the server's src. */
function placeOf(relative) {
  const [top, second] = relative.split(path.sep);
  return top === 'modules' || top === 'adapters' ? `${top}/${second}` : top;
}

/** @type {import('eslint').Rule.RuleModule} */
const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: "Import only your own module's schema file; read other modules' tables through their services." },
    messages: {
      barrel: "'{{source}}' is the whole schema: import your module's own schema file (db/schema/<file>.js) so the import says whose tables this touches.",
      foreign:
        "'{{source}}' declares the {{file}} tables, owned by {{owners}}: {{place}} may not name them. Ask the owner's service, keep an event-fed copy, or use a shared helper of db/ or access/.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = serverRootOf(file);
    if (!root) return {};
    const place = placeOf(path.relative(root, file));
    if (place === 'db') return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(file), source)).replace(/\.(js|ts)$/, '');
      if (target === path.join('db', 'schema')) {
        context.report({ node, messageId: 'barrel', data: { source } });
        return;
      }
      const [db, schema, name] = target.split(path.sep);
      if (db !== 'db' || schema !== 'schema' || !name) return;
      const owners = OWNERS[name] ?? [];
      if (owners.includes('*') || owners.includes(place)) return;
      context.report({ node, messageId: 'foreign', data: { source, file: name, owners: owners.join(', ') || 'nobody yet', place } });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const tableOwnershipPlugin = { rules: { 'table-ownership': tableOwnership } };
