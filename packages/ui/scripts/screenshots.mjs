// Screenshots of a few stories at the hall's phone size (390×844), from the static Storybook
// build (`build-storybook` first), with the system Chromium. Saved under artifacts/ui/ at the
// repository root. Stories with play functions are captured once their play has finished.
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const staticDir = resolve(here, '../storybook-static');
const outDir = resolve(here, '../../../artifacts/ui');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Story id, file name, and how long its play function runs in real time. */
const SHOTS = [
  ['layout-pageshell--top-level', 'hall-home', 800],
  ['lists-listpage--guides', 'guide-list', 1200],
  ['lists-listpage--empty', 'guide-list-empty', 800],
  ['lists-pager--many-pages', 'pager-ellipses', 800],
  ['content-menugroup--two-columns', 'menu-group', 500],
  ['forms-formfield--invalid', 'form-messages', 1500],
  ['forms-countdownbutton--counting', 'countdown-counting', 2000],
  ['records-recordstate--record-list', 'record-list', 600],
  ['layout-pageshell--application-step', 'application-step', 800],
  ['layout-pageshell--admin-shell', 'admin-shell', 800],
  ['feedback-dialogs-and-toasts--warning', 'dialog-warning', 1200],
  ['feedback-emptystate--with-action', 'empty-state', 500],
];

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };

if (!existsSync(join(staticDir, 'iframe.html'))) {
  console.error('No Storybook build: run `pnpm --filter @hall/ui build-storybook` first.');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });

const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
  const file = join(staticDir, path.endsWith('/') ? `${path}index.html` : path);
  if (!file.startsWith(staticDir) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'zh-CN', hasTouch: true, isMobile: true });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const [id, name, playMs] of SHOTS) {
    await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#storybook-root > *', { timeout: 15_000 });
    await page.waitForTimeout(playMs);
    const file = join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${name}.png  (${id})`);
  }
  if (errors.length) {
    console.error(`Page errors:\n${errors.join('\n')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.close();
}
