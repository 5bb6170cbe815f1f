import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found from this file whether it runs from src/ (tests) or dist/ (bundled). */
export function appRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'drizzle')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
