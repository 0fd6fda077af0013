import path from 'node:path';

/**
 * The web app's layers (design.md, "imports flow lib → features → app"; bulletproof-react):
 *
 * - a feature (`src/features/<a>/**`) imports another feature only through that feature's
 *   public surface, `src/features/<b>/index.ts` (written `../../b`), never its api, components,
 *   lib or pages;
 * - the shared layers (`src/components`, `src/lib`, `src/api`) import no feature at all: what
 *   several features need moves down into them instead;
 * - `src/app` is the composition root (routes, layouts) and may reach any feature's pages.
 *
 * Only relative imports can reach these folders (the app has no path aliases), so the rule
 * resolves each one against the importing file and compares folders.
 */
const SHARED = ['components', 'lib', 'api'];

function placeOf(file, srcRoot) {
  const relative = path.relative(srcRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second, ...rest] = relative.split(path.sep);
  if (top === 'features' && second) return { layer: 'features', feature: second, inside: rest };
  return { layer: top };
}

function srcRootOf(file) {
  const marker = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
  const at = file.lastIndexOf(marker);
  return at === -1 ? null : file.slice(0, at + marker.length - 1);
}

const isPublicSurface = (inside) => inside.length === 0 || (inside.length === 1 && /^index(\.tsx?|\.js)?$/.test(inside[0]));

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep web features from importing each other’s internals, and shared layers from importing features.' },
    messages: {
      internals: "'{{source}}' reaches into the {{feature}} feature: import what it offers through '{{surface}}' (its index.ts), or move the shared piece into src/components or src/lib.",
      sharedToFeature: "'{{source}}': src/{{layer}} is shared by every feature and may not import one ({{feature}}). Move what both need down into src/{{layer}}.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const srcRoot = srcRootOf(file);
    if (!srcRoot) return {};
    const here = placeOf(file, srcRoot);
    if (!here) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeOf(path.resolve(path.dirname(file), source), srcRoot);
      if (!target || target.layer !== 'features') return;
      if (SHARED.includes(here.layer)) {
        context.report({ node, messageId: 'sharedToFeature', data: { source, layer: here.layer, feature: target.feature } });
        return;
      }
      if (here.layer === 'features' && here.feature !== target.feature && !isPublicSurface(target.inside)) {
        const surface = path.relative(path.dirname(file), path.join(srcRoot, 'features', target.feature)) || '.';
        context.report({ node, messageId: 'internals', data: { source, feature: target.feature, surface } });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const webBoundaries = { rules: { 'feature-boundaries': featureBoundaries } };
