// The one-way imports inside an app (bulletproof-react): shared code (components, lib, stores,
// config) → features → app. A feature never imports another feature, and neither a feature nor
// shared code imports a feature or the app; only the app (router, providers) puts features together.
// eslint-plugin-import's `no-restricted-paths` would say this too, but the hall does not use that
// plugin, and `no-restricted-imports` patterns only see the import text, not the file it reaches.
// This rule resolves each relative import against the importing file instead.
import path from 'node:path';

/**
 * The feature a file belongs to: the first folder under the features root, or for a group folder
 * (a folder that only gathers the features of one journey) the group and its sub-feature.
 */
function featureOf(relative, groups) {
  const [first, second] = relative.split(path.sep);
  if (first === undefined || first.startsWith('..') || second === undefined) return null;
  return groups.includes(first) ? `${first}/${second}` : first;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature never imports another feature or the app; shared code never imports a feature or the app.' },
    schema: [
      {
        type: 'object',
        properties: {
          appDir: { type: 'string' },
          featuresDir: { type: 'string' },
          groups: { type: 'array', items: { type: 'string' } },
          allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['appDir', 'featuresDir'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { appDir, featuresDir, groups = [], allow = {} } = context.options[0];
    const filename = context.filename;
    const appRoot = path.resolve(context.cwd, appDir);
    const featuresRoot = path.resolve(context.cwd, featuresDir);
    const inFeatures = (file) => path.relative(featuresRoot, file);
    const own = featureOf(inFeatures(filename), groups);
    // The app folder assembles the features; it may import any of them.
    if (!path.relative(appRoot, filename).startsWith('..')) return {};
    // The entry beside it (src/main.tsx) starts the app.
    if (path.dirname(filename) === path.dirname(appRoot)) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(filename), source);
      // The app puts the features together, so nothing below it may lean on it: a cycle otherwise.
      if (!path.relative(appRoot, resolved).startsWith('..')) {
        context.report({ node, message: `Only the app imports '${path.relative(context.cwd, resolved)}': move what is shared to components/, lib/ or config/.` });
        return;
      }
      const target = featureOf(inFeatures(resolved), groups);
      if (target === null || target === own) return;
      if (own === null) {
        context.report({ node, message: `Shared code may not import the feature '${target}': move what both need to components/ or lib/.` });
        return;
      }
      if ((allow[own] ?? []).includes(target)) return;
      context.report({ node, message: `The feature '${own}' may not import the feature '${target}': move what both need to components/ or lib/, or to a package.` });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/**
 * The feature boundaries of an app, for its eslint.config.js. `groups` are folders gathering one
 * journey's features; `allow` lists, per feature, the features it may still import, each with
 * its reason in the app's config.
 */
export function featureBoundaries({ appDir = 'src/app', featuresDir = 'src/features', groups = [], allow = {} } = {}) {
  return {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { hall: { rules: { 'feature-boundaries': rule } } },
    rules: { 'hall/feature-boundaries': ['error', { appDir, featuresDir, groups, allow }] },
  };
}
