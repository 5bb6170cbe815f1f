// Prints the gzip size of the JavaScript the hall home `/` loads on a first visit (the entry, its
// static imports, and the lazily loaded home route with its imports) and fails the build above
// the budget of docs/architecture.md §15: 120 KB.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dist, HALL_SCREENS, manifest, staticClosure } from './built-chunks.mjs';

const BUDGET_BYTES = 120 * 1024;
// The sign-in's first calls wait for the entry script alone. It is 12 KB; an import of a package's
// barrel (the whole domain through @hall/domain, say) brings back as much again.
const ENTRY_BUDGET_BYTES = 16 * 1024;

const keys = new Set();
for (const key of [HALL_SCREENS, ...['features/home/home-page.tsx', 'features/session/waiting-page.tsx'].map((page) => Object.keys(manifest).find((k) => k.endsWith(page)))]) staticClosure(key, keys);
const loaded = new Set([...keys].map((key) => manifest[key].file));

let total = 0;
const rows = [...loaded]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    return `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`;
  });
console.log(`JavaScript the hall home loads (gzip):\n${rows.join('\n')}\n  ${(total / 1024).toFixed(1).padStart(6)} KB  total (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) {
  console.error('The hall home loads more JavaScript than its budget.');
  process.exit(1);
}

// The page's entry script starts the session bootstrap while the hall's screens download
// (vite.config.ts); it must not itself wait for React or the kit, or the sign-in waits again.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryScripts = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((match) => match[1]);
const entryFile = entryScripts[0];
const entryBytes = entryFile ? gzipSync(readFileSync(join(dist, entryFile)), { level: 9 }).length : 0;
const problems = entryScripts.length === 1 ? [] : [`index.html has ${entryScripts.length} module scripts, not one`];
if (entryFile) {
  const mapFile = join(dist, `${entryFile}.map`);
  const sources = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')).sources : [];
  if (sources.length === 0) problems.push(`${entryFile} has no source map to check`);
  problems.push(...sources.filter((source) => /node_modules\/.*\/(react|react-dom|react-router|antd-mobile|scheduler)\//.test(source)));
  const entryChunk = Object.values(manifest).find((chunk) => chunk.file === entryFile);
  problems.push(...(entryChunk?.imports ?? []).map((key) => `imports ${manifest[key].file}`));
  if (entryBytes > ENTRY_BUDGET_BYTES) problems.push(`it is ${(entryBytes / 1024).toFixed(1)} KB gzip, over its ${ENTRY_BUDGET_BYTES / 1024} KB (a barrel import?)`);
}
if (problems.length > 0) {
  console.error(`The entry script carries or waits for what the hall's screens load: ${problems.slice(0, 5).join(', ')}`);
  process.exit(1);
}
console.log(`Entry script ${entryFile}: ${(entryBytes / 1024).toFixed(1)} KB gzip (budget ${ENTRY_BUDGET_BYTES / 1024} KB), no React, imports nothing.`);
