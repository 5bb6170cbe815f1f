// Prints the gzip size of the JavaScript the hall home `/` loads on a first visit (the entry, its
// static imports, and the lazily loaded home route with its imports) and fails the build above
// the budget of DESIGN.md §7: 120 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const loaded = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || loaded.has(chunk.file)) return;
  loaded.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
visit(entry);
visit(Object.keys(manifest).find((key) => key.endsWith('features/home/home-page.tsx')));
visit(Object.keys(manifest).find((key) => key.endsWith('features/session/waiting-page.tsx')));

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
