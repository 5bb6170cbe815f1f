import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { checkAccessibility, watchAccessibility } from './accessibility';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..', '..');
/** Screenshots of every journey, kept as artifacts of the run. */
export const ARTIFACTS = join(repoRoot, 'artifacts', 'e2e');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
const CHROMIUM = process.env.HALL_CHROMIUM ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface Hall {
  origin: string;
  browser: Browser;
  /** A fresh browser profile at the phone viewport. */
  newPhone(): Promise<{ context: BrowserContext; page: Page }>;
  /** A fresh browser profile at a desktop viewport (the console at a counter or an office). */
  newDesktop(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Waits for the server's /healthz, for two minutes at most. */
async function waitForHealth(server: ChildProcess, origin: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the hall server exited:\n${output()}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the hall server did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The built hall served by the real server on an embedded database of its own, and Debian's
 * Chromium driven by playwright-core. Never a downloaded browser.
 */
/**
 * env: settings added to the demo hall's, e.g. HALL_DEMO_REGISTRY=off so queries wait for an operator. The journeys'
 * phones are plain Android browsers: they sign in through WeChat's stand-in unless a journey lists the web sign-ins.
 */
export async function startHall(options: { listen?: string; address?: string; env?: Record<string, string> } = {}): Promise<Hall> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hall-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps', 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: options.listen ?? '127.0.0.1',
      HALL_MODE: 'demo',
      HALL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      HALL_SIGN_IN: 'wechat',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const stopServer = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  // The address the browser uses: loopback, or (options.address) the machine's own LAN address.
  const origin = `http://${options.address ?? '127.0.0.1'}:${port}`;
  let browser: Browser;
  try {
    await waitForHealth(server, origin, () => output);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    });
  } catch (error) {
    // A hall that could not be made whole is not left running behind the failed journey.
    await stopServer();
    throw error;
  }
  // Every browser profile a journey opens, through the harness or on its own, has its screens checked for accessibility.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) => {
    const context = await newContext(contextOptions);
    watchAccessibility(context);
    return context;
  };
  return {
    origin,
    browser,
    async newPhone() {
      const context = await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        baseURL: origin,
        userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      });
      return { context, page: await context.newPage() };
    },
    async newDesktop() {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', baseURL: origin });
      return { context, page: await context.newPage() };
    },
    async close() {
      await browser.close();
      await stopServer();
    },
  };
}

/**
 * The hall of one journey file: started before its journeys and closed after them. What it answers is
 * the started hall's (asking before the start is a mistake in the journey, and says so).
 */
export function hallForFile(options: Parameters<typeof startHall>[0] = {}): Hall {
  let hall: Hall | undefined;
  beforeAll(async () => {
    hall = await startHall(options);
  });
  afterAll(() => hall?.close());
  const started = () => {
    if (!hall) throw new Error('the journey asked for its hall before the hall started');
    return hall;
  };
  return {
    get origin() {
      return started().origin;
    },
    get browser() {
      return started().browser;
    },
    newPhone: () => started().newPhone(),
    newDesktop: () => started().newDesktop(),
    close: () => started().close(),
  };
}

/** Saves a phone screenshot as artifacts/e2e/<journey>/<nn>-<name>.png, once the screen passes the accessibility check. */
export function screenshots(journey: string) {
  let count = 0;
  return async (page: Page, name: string) => {
    count += 1;
    const folder = join(ARTIFACTS, journey);
    await mkdir(folder, { recursive: true });
    await checkAccessibility(page);
    await page.screenshot({ path: join(folder, `${String(count).padStart(2, '0')}-${name}.png`), fullPage: false });
  };
}

/** Signs in through the WeChat simulator as a new test citizen and lands on `path`. */
export async function signIn(page: Page, openid: string, nickname: string, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
  await page.fill('#openid', openid);
  await page.fill('#nickname', nickname);
  await page.click('#new-citizen button[type=submit]');
  await waitBackOnHall(page);
}

/**
 * Waits until a return from a simulator has settled on a screen of the hall: the address has left
 * the simulator, the OAuth code is dropped, and /waiting (which the app enters as it starts) is over.
 */
export async function waitBackOnHall(page: Page): Promise<void> {
  const settled = (url: URL) => !url.pathname.startsWith('/simulator') && !url.pathname.startsWith('/waiting') && !url.searchParams.has('code');
  await page.waitForURL(settled);
  await page.waitForFunction(() => !location.pathname.startsWith('/waiting'));
}
