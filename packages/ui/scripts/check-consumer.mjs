// Builds two tiny apps against dist/ with Vite, as a consumer of the package would, and checks
// that each gets the styles of what it imports: the whole kit from `@hall/ui`, one component
// from its subpath. Run after `build`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const CASES = [
  {
    name: 'root',
    code: `import { Pager, BannerCarousel } from '${pkg}/dist/index.js';\nconsole.log(Pager, BannerCarousel);`,
    expect: ['--adm-color-primary:#1f5fbf', '.hall-pager-button-active', '.hall-banner-carousel-dot-active'],
    reject: [],
  },
  {
    name: 'subpath',
    code: `import '${pkg}/dist/theme.css';\nimport { Pager } from '${pkg}/dist/pager/index.js';\nconsole.log(Pager);`,
    expect: ['--adm-color-primary:#1f5fbf', '.hall-pager-button-active', '.hall-visually-hidden'],
    reject: ['.hall-banner-carousel'],
  },
];

let failed = false;
for (const check of CASES) {
  // Inside the package, so react and antd-mobile resolve from its node_modules.
  const root = mkdtempSync(join(pkg, '.consumer-'));
  try {
    writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
    writeFileSync(join(root, 'main.js'), check.code);
    await build({ root, logLevel: 'error', configFile: false, build: { outDir: 'out' } });
    const assets = join(root, 'out', 'assets');
    const css = readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
    const missing = check.expect.filter((text) => !css.includes(text));
    const unwanted = check.reject.filter((text) => css.includes(text));
    if (missing.length || unwanted.length) {
      failed = true;
      console.error(`${check.name}: missing ${JSON.stringify(missing)}, unwanted ${JSON.stringify(unwanted)}`);
    } else {
      console.log(`${check.name}: styles present (${css.length} bytes of CSS)`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
