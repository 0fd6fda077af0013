import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Table ownership (docs/decisions/012, 092): every table is declared in the schema file of the
 * module that owns it (`apps/server/src/db/schema/<file>.ts`), and only that module imports the
 * file. Another module reads through the owner's exported reads, an event-fed copy, or the shared
 * SQL helpers of `db/` and `access/` (the scope rule and the party-name rule over `accounts`).
 *
 * - Server code outside `db/` imports a schema file, never the `db/schema.ts` barrel: the import
 *   then says which module's tables a file touches.
 * - A schema file is imported only by the module that lists it in its definition's `schemas`
 *   (its `module.ts`) and by the places that definition `shares` it with.
 *
 * Tests and operator scripts are exempt (eslint.config.js): they arrange states no endpoint can
 * reach and bulk-load at scale in SQL.
 */

/** Schema files of no module: the shared column helpers. */
const SHARED = { columns: ['*'] };

/** The string literals of an array literal, or null when it is something else. */
function stringsOf(node) {
  if (!node || !ts.isArrayLiteralExpression(node)) return null;
  return node.elements.filter(ts.isStringLiteralLike).map((element) => element.text);
}

/**
 * Reads `schemas` and `shares` from the object literal of each `defineModule…()({ … })` in one
 * module definition's source text: `place` owns its schemas; each share adds a place.
 */
export function ownershipOf(place, sourceText, fileName = 'module.ts') {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const owners = {};
  const add = (schema, owner) => (owners[schema] ??= []).push(owner);
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isCallExpression(node.expression) && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'defineModule') {
      const definition = node.arguments[0];
      if (definition && ts.isObjectLiteralExpression(definition)) {
        for (const property of definition.properties) {
          if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
          if (property.name.text === 'schemas') for (const schema of stringsOf(property.initializer) ?? []) add(schema, place);
          if (property.name.text === 'shares' && ts.isObjectLiteralExpression(property.initializer)) {
            for (const share of property.initializer.properties) {
              if (!ts.isPropertyAssignment(share)) continue;
              const schema = ts.isIdentifier(share.name) || ts.isStringLiteralLike(share.name) ? share.name.text : null;
              for (const other of stringsOf(share.initializer) ?? []) if (schema) add(schema, other);
            }
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return owners;
}

/** Each module definition of a server tree: `modules/<name>/module.ts` and `<folder>/module.ts`. */
function definitionFiles(root) {
  const files = [];
  const folders = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : []);
  for (const name of folders(path.join(root, 'modules'))) files.push([`modules/${name}`, path.join(root, 'modules', name, 'module.ts')]);
  for (const name of folders(root)) if (name !== 'modules') files.push([name, path.join(root, name, 'module.ts')]);
  return files.filter(([, file]) => fs.existsSync(file));
}

const cache = new Map();
/** Who may import each schema file of a server tree, read from its module definitions once per lint run. */
export function ownersOf(root) {
  if (!cache.has(root)) {
    const owners = { ...SHARED };
    for (const [place, file] of definitionFiles(root)) {
      for (const [schema, places] of Object.entries(ownershipOf(place, fs.readFileSync(file, 'utf8'), file))) owners[schema] = [...(owners[schema] ?? []), ...places];
    }
    cache.set(root, owners);
  }
  return cache.get(root);
}

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
      const owners = ownersOf(root)[name] ?? [];
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
