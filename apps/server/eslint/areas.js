// The server's layers and areas (docs/decisions/011-server-areas-by-subject.md), enforced by lint.
//
// Layers, bottom to top; a file imports its own layer or lower ones, never a higher one:
//   lib, env.ts, mode.ts → db → adapters, storage, documents → seed → services → plugins, jobs → routes
//   → app.ts, hall.ts, main.ts, context.ts, cli
// One exception: `import type` of context.ts (HallContext, the bag of dependencies every service is
// handed) is allowed from any layer; it is erased at build time and only describes what is passed in.
//
// Areas are the folders under services/ and routes/: a subject (queue) and, where it has them, its
// parts (queue/counter). Between areas imports go one way: no cycle between two parts, nor between two
// subjects through any of their parts. A route area never imports another route area; what two share
// goes to a service or to a helper in routes/ itself.
//
// A cycle is a property of the whole graph, not of one file, so the rule reads the imports of every
// file under src/ once per lint run (a regular expression over the source, cheap: the whole tree in a
// few milliseconds) and reports, in each file, the imports that close a cycle. eslint-plugin-import-x's
// no-cycle finds cycles between files only, and two areas can depend on each other through files that
// do not (services/a/x → services/b/y, services/b/z → services/a/w).
import fs from 'node:fs';
import path from 'node:path';

const LAYERS = [
  ['lib', 'env.ts', 'mode.ts'],
  ['db'],
  ['adapters', 'storage', 'documents'],
  ['seed', 'seed.ts'],
  ['services'],
  ['plugins', 'jobs'],
  ['routes'],
  ['app.ts', 'hall.ts', 'main.ts', 'context.ts', 'cli'],
];
const LAYER_NAMES = LAYERS.map((names) => names.join(', '));
const AREA_ROOTS = ['services', 'routes'];
const TEST_FILE = /\.test\.ts$/;

function layerOf(relative) {
  const first = relative.split('/')[0];
  const index = LAYERS.findIndex((names) => names.includes(first));
  return index === -1 ? null : index;
}

/** The area of a file: the folder holding it under services/ or routes/ (null for the helpers directly in routes/). */
function areaOf(relative) {
  const parts = relative.split('/');
  if (!AREA_ROOTS.includes(parts[0]) || parts.length < 3) return null;
  return parts.slice(0, -1).join('/');
}

/** services/queue/counter → services/queue */
function subjectOf(area) {
  return area.split('/').slice(0, 2).join('/');
}

const EXTENSIONS = ['.ts', '/index.ts', ''];

function resolveImport(fromFile, source) {
  if (!source.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), source.replace(/\.js$/, ''));
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder) {
  const files = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !TEST_FILE.test(entry.name)) files.push(full);
  }
  return files;
}

/** Area → areas it imports, at both levels (parts and subjects), read from the files on disk. */
function readAreaGraph(srcRoot) {
  const parts = new Map();
  const subjects = new Map();
  const add = (graph, from, to) => {
    if (from === to) return;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  };
  for (const file of sourceFiles(srcRoot)) {
    const from = areaOf(path.relative(srcRoot, file).split(path.sep).join('/'));
    if (from === null) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
      const target = resolveImport(file, match[1]);
      if (target === null) continue;
      const to = areaOf(path.relative(srcRoot, target).split(path.sep).join('/'));
      if (to === null) continue;
      add(parts, from, to);
      add(subjects, subjectOf(from), subjectOf(to));
    }
  }
  return { parts, subjects };
}

/** The areas from `start` to `goal` along the graph (both included), or null if goal is not reached. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const found = [];
      for (let at = goal; at !== null; at = previous.get(at)) found.unshift(at);
      return found;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

const graphs = new Map();

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports go down the server layers, and one way between areas.' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'], additionalProperties: false }],
  },
  create(context) {
    const srcRoot = path.resolve(context.cwd, context.options[0].srcDir);
    const filename = context.filename;
    const own = path.relative(srcRoot, filename).split(path.sep).join('/');
    if (own.startsWith('..') || TEST_FILE.test(own)) return {};
    const ownLayer = layerOf(own);
    const ownArea = areaOf(own);
    if (!graphs.has(srcRoot)) graphs.set(srcRoot, readAreaGraph(srcRoot));
    const graph = graphs.get(srcRoot);

    function check(node, source, typeOnly) {
      if (typeof source !== 'string') return;
      const resolved = resolveImport(filename, source);
      if (resolved === null) return;
      const target = path.relative(srcRoot, resolved).split(path.sep).join('/');
      if (target.startsWith('..')) return;
      const targetLayer = layerOf(target);
      if (ownLayer !== null && targetLayer !== null && targetLayer > ownLayer && !(typeOnly && target === 'context.ts')) {
        context.report({
          node,
          message: `'${own}' (layer ${LAYER_NAMES[ownLayer]}) may not import '${target}' (layer ${LAYER_NAMES[targetLayer]}): imports go down the layers. Move what is needed down, or pass it in.`,
        });
        return;
      }
      const targetArea = areaOf(target);
      if (ownArea === null || targetArea === null || targetArea === ownArea) return;
      if (ownArea.startsWith('routes/') && targetArea.startsWith('routes/')) {
        context.report({ node, message: `The route area '${ownArea}' may not import the route area '${targetArea}': move what both need to a service or to a helper in routes/.` });
        return;
      }
      const partCycle = pathBetween(graph.parts, targetArea, ownArea);
      if (partCycle !== null) {
        context.report({ node, message: `This import closes a cycle between areas: ${[ownArea, ...partCycle].join(' → ')}. Areas import one way; move what both need to the lower one.` });
        return;
      }
      const ownSubject = subjectOf(ownArea);
      const targetSubject = subjectOf(targetArea);
      if (ownSubject === targetSubject) return;
      const subjectCycle = pathBetween(graph.subjects, targetSubject, ownSubject);
      if (subjectCycle !== null) {
        context.report({ node, message: `This import closes a cycle between areas: ${[ownSubject, ...subjectCycle].join(' → ')}. Areas import one way; move what both need to the lower one.` });
      }
    }

    const typeOnlyImport = (node) => node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

export const serverAreas = { plugins: { 'server-areas': { rules: { layers: rule } } }, rules: { 'server-areas/layers': ['error', { srcDir: 'src' }] } };
