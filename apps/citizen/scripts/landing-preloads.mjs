// Writes dist/landing-preloads.json: for each page a citizen opens straight from the official
// account's menu, the code and styles of its screen beyond what the entry loads. The server names
// them in that page's Link header (apps/server, plugins/static-apps.ts), so the screen's code
// downloads beside the entry script instead of after it has run. The build fails when a page's
// screen is not a lazy route of its own, so this table cannot drift from the router unnoticed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { citizenPaths } from '@hall/domain/internal';
import { dist, HALL_SCREENS, manifest, staticClosure } from './built-chunks.mjs';

const LANDING_PAGES = {
  [citizenPaths.prodoing]: 'src/features/application/applications/application-list-page.tsx',
  [citizenPaths.apply]: 'src/features/application/apply/apply-guide-page.tsx',
  [citizenPaths.progressQuery]: 'src/features/progress/progress-query-page.tsx',
  [citizenPaths.certificateQuery]: 'src/features/queries/query-page.tsx',
  [citizenPaths.dzzzQuery]: 'src/features/queries/query-page.tsx',
};

// What every page has before its own screen.
const loadedFirst = staticClosure(HALL_SCREENS);
const preloads = {};
for (const [path, screen] of Object.entries(LANDING_PAGES)) {
  if (!manifest[screen]?.isDynamicEntry) {
    console.error(`landing page ${path}: ${screen} is not a lazy route of the citizen app`);
    process.exit(1);
  }
  const chunks = [...staticClosure(screen)].filter((key) => !loadedFirst.has(key)).map((key) => manifest[key]);
  preloads[path] = {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
}
writeFileSync(join(dist, 'landing-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
console.log(`Landing pages whose screen code the server preloads: ${Object.keys(preloads).join(', ')}`);
