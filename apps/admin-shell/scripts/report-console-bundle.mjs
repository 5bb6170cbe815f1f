// Prints the gzip size of the JavaScript the console loads on a first visit (the entry with its
// static imports and the home route) and of the statistics page on top of it (its charts), and
// fails the build above either budget. The citizen app's own budget is apps/citizen's; nothing of
// the console is in the citizen's bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The console's first load: an operator at a counter on the hall's network, or on a phone. */
const FIRST_LOAD_BUDGET = 150 * 1024;
/** The statistics page, its chart library included, on top of the first load. */
const STATISTICS_BUDGET = 100 * 1024;

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const keyEndingWith = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));

function collect(keys, seen = new Set()) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
function report(title, files, budget) {
  let total = 0;
  const rows = files.map((file) => {
    const size = gzip(file);
    total += size;
    return `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`;
  });
  console.log(`${title} (gzip):\n${rows.join('\n')}\n  ${(total / 1024).toFixed(1).padStart(6)} KB  total (budget ${budget / 1024} KB)`);
  return total <= budget;
}

const seen = new Set();
const firstLoad = collect([Object.keys(manifest).find((key) => manifest[key].isEntry), keyEndingWith('features/home/home-page.tsx')], seen);
const statistics = collect([keyEndingWith('features/statistics/statistics-page.tsx')], seen);
const withinFirst = report('JavaScript the console loads first', firstLoad, FIRST_LOAD_BUDGET);
const withinStatistics = report('JavaScript the statistics page adds', statistics, STATISTICS_BUDGET);
if (!withinFirst || !withinStatistics) {
  console.error('The console loads more JavaScript than its budget.');
  process.exit(1);
}
