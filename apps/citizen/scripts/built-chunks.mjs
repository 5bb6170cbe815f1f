// The citizen build's chunk graph, as the build scripts read it from dist/.vite/manifest.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const dist = join(import.meta.dirname, '..', 'dist');
export const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** What every page loads from its HTML: the hall's screens, which import the entry's session chunk (vite.config.ts). */
export const HALL_SCREENS = 'src/app/hall.tsx';

/** The manifest keys of the chunks a chunk loads before it runs: itself and its static imports, over and over. */
export function staticClosure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, into);
  return into;
}
