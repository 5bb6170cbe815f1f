// Writes src/routes.generated.ts: each call's method, path and payload kind, read from the contract,
// for the browser entry, which must not load the zod schemas. Run before every build (turbo `generate`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'tsup';

const root = join(import.meta.dirname, '..');
const out = await mkdtemp(join(root, '.routes-'));
try {
  await build({ entry: { contract: join(root, 'src', 'contract.ts') }, outDir: out, format: ['esm'], dts: false, silent: true, config: false, external: ['zod', '@hall/domain', 'ky'] });
  const { contract } = await import(pathToFileURL(join(out, 'contract.js')).href);
  const routes = Object.fromEntries(
    Object.entries(contract).map(([name, call]) => [
      name,
      Object.fromEntries(Object.entries({ method: call.method, path: call.path, form: call.form, multipart: call.multipart, binary: call.binary }).filter(([, v]) => v !== undefined)),
    ]),
  );
  const text = `// Generated from src/contract.ts by scripts/generate-routes.mjs: do not edit.\nimport type { RouteInfo } from './route-info';\n\nexport const routes: Readonly<Record<string, RouteInfo>> = ${JSON.stringify(routes, null, 2)};\n`;
  await writeFile(join(root, 'src', 'routes.generated.ts'), text);
} finally {
  await rm(out, { recursive: true, force: true });
}
