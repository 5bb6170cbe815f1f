import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

const COMPONENT_ENTRIES = ['src/*/index.ts', '!src/testing/index.ts', '!src/utils/index.ts'];

/**
 * esbuild pulls each entry's CSS out into a sibling `index.css` and drops the import from the
 * JavaScript. Put the import back, so a consumer that imports a component gets its styles
 * (Vite and every bundler that handles CSS imports) without importing a stylesheet by hand.
 */
async function linkEntryStyles(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      await linkEntryStyles(path);
    } else if (entry.name === 'index.js' && existsSync(join(dir, 'index.css'))) {
      const code = await readFile(path, 'utf8');
      if (!code.startsWith("import './index.css';")) await writeFile(path, `import './index.css';\n${code}`);
    }
  }
}

export default defineConfig({
  entry: ['src/index.ts', ...COMPONENT_ENTRIES],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'antd-mobile', /^@hall\/domain/],
  esbuildOptions(options) {
    // Keep Chinese text readable in the output rather than \uXXXX escapes.
    options.charset = 'utf8';
  },
  async onSuccess() {
    await linkEntryStyles('dist');
    // The theme on its own, for an app that uses antd-mobile beside the kit.
    await copyFile('src/theme/theme.css', 'dist/theme.css');
  },
});
