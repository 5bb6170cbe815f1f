import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';

/**
 * WCAG 2.2 AA on every screen the journeys visit: axe-core runs inside the page once the screen has
 * settled, after each navigation of every page of every browser profile the harness opens and before
 * each screenshot. A serious or critical violation fails the journey with the rule, its help text and
 * the element. Each distinct screen state (address, viewport width and the elements' structure,
 * classes and ARIA states, text left out) is checked once per journey file.
 *
 * HALL_AXE=report records the violations in artifacts/e2e/axe-checks.jsonl without failing; =off skips.
 */
const MODE = process.env.HALL_AXE ?? 'fail';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** A screen is settled when nothing in it has changed for this long and no finite animation runs. */
const QUIET_MS = 300;
const SETTLE_LIMIT_MS = 4000;

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

interface Outcome {
  /** The document changed while axe ran: the result describes no single state of the screen. */
  moved: boolean;
  findings: Finding[];
}

interface Watch {
  /** Checks of one page run one after another: axe refuses to run twice at once in a document. */
  queue: Promise<void>;
  navigation: number;
  failures: string[];
}

const watches = new Map<Page, Watch>();
const checked = new Set<string>();
let log: string | undefined;

/** Waits until the document has not changed for QUIET_MS and no finite animation runs; then its state's key. */
async function settle(page: Page): Promise<{ key: string; settled: boolean }> {
  return page.evaluate(
    ({ quiet, limit }) =>
      new Promise<{ key: string; settled: boolean }>((done) => {
        const start = performance.now();
        let last = start;
        const observer = new MutationObserver(() => (last = performance.now()));
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const moving = () => document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
        const key = () => {
          let hash = 2166136261;
          const add = (text: string) => {
            for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
          };
          for (const element of Array.from(document.body?.querySelectorAll('*') ?? [])) {
            add(element.tagName);
            for (const attribute of Array.from(element.attributes)) {
              if (attribute.name === 'class' || attribute.name === 'role' || attribute.name === 'disabled' || attribute.name === 'type' || attribute.name.startsWith('aria-'))
                add(attribute.name + attribute.value);
            }
          }
          if (document.contentType !== 'text/html' || !document.body?.childElementCount) return 'none';
          return `${innerWidth} ${location.pathname}${location.search} ${(hash >>> 0).toString(36)}`;
        };
        const tick = () => {
          const now = performance.now();
          // A response the browser shows as text or a file (a plain error, a PDF), or a document still empty
          // between two navigations, is not a screen of the apps: never settled.
          const html = document.contentType === 'text/html' && (document.body?.childElementCount ?? 0) > 0;
          const settled = html && now - last >= quiet && document.readyState === 'complete' && !moving();
          if (settled || !html || now - start >= limit) {
            observer.disconnect();
            done({ key: key(), settled });
          } else setTimeout(tick, 50);
        };
        setTimeout(tick, 50);
      }),
    { quiet: QUIET_MS, limit: SETTLE_LIMIT_MS },
  );
}

async function runAxe(page: Page): Promise<Outcome> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    let moved = false;
    const observer = new MutationObserver(() => (moved = true));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    observer.disconnect();
    return {
      moved,
      findings: result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'minor',
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 300), summary: node.failureSummary ?? '' })),
      })),
    };
  }, TAGS);
}

function describe(screen: string, findings: Finding[]): string {
  return (
    `accessibility (axe-core, WCAG 2.2 AA) on ${screen}:\n` +
    findings
      .map(
        (finding) =>
          `  ${finding.id} (${finding.impact}): ${finding.help}\n` + finding.nodes.map((node) => `    ${node.target}\n      ${node.html}\n      ${node.summary.replace(/\n/g, '\n      ')}`).join('\n'),
      )
      .join('\n')
  );
}

async function record(entry: object): Promise<void> {
  if (!log) {
    const { ARTIFACTS } = await import('./harness');
    await mkdir(ARTIFACTS, { recursive: true });
    log = join(ARTIFACTS, 'axe-checks.jsonl');
  }
  await appendFile(log, JSON.stringify(entry) + '\n');
}

/** Settles, and checks the screen unless its state was checked already. `still` says whether the moment is still current. */
async function check(page: Page, watch: Watch, cause: string, still: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { key, settled } = await settle(page);
    // A screen still loading or moving after the limit is left to the next moment, unless a screenshot takes it as it is.
    if (!still() || (!settled && cause === 'navigation') || key === 'none') return;
    if (checked.has(key)) return;
    const outcome = await runAxe(page);
    if (!still()) return;
    // A screen that changed under axe is checked again once it has settled; a background check leaves it to the next moment.
    if (outcome.moved) {
      if (cause === 'navigation') return;
      if (attempt < 2) continue;
    }
    checked.add(key);
    const blocking = outcome.findings.filter((finding) => BLOCKING.has(finding.impact));
    await record({
      file: expect.getState().testPath,
      cause,
      key,
      url: page.url(),
      findings: outcome.findings.map((finding) => ({
        id: finding.id,
        impact: finding.impact,
        nodes: finding.nodes.map((node) => `${node.target} | ${node.summary.split('\n').slice(1).join(' ').slice(0, 160)}`),
      })),
    });
    if (blocking.length > 0 && MODE === 'fail') watch.failures.push(describe(page.url(), blocking));
    return;
  }
}

/** Errors of a page gone or navigating away mean the screen is no longer there to check. */
function gone(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /closed|destroyed|navigat|detached|Target/i.test(message);
}

function enqueue(page: Page, watch: Watch, cause: string, still: () => boolean): Promise<void> {
  const next = watch.queue.then(() =>
    check(page, watch, cause, still).catch((error: unknown) => {
      if (!gone(error)) throw error;
    }),
  );
  watch.queue = next.catch(() => undefined);
  return next;
}

function watchPage(page: Page): void {
  if (MODE === 'off' || watches.has(page)) return;
  const watch: Watch = { queue: Promise.resolve(), navigation: 0, failures: [] };
  watches.set(page, watch);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    watch.navigation += 1;
    const navigation = watch.navigation;
    void enqueue(page, watch, 'navigation', () => navigation === watch.navigation && !page.isClosed());
  });
}

/** Every page of the browser profile, the first and any opened later, is checked after each navigation. */
export function watchAccessibility(context: BrowserContext): void {
  context.on('page', watchPage);
}

function raise(failures: string[]): void {
  if (failures.length > 0) throw new Error(failures.join('\n'));
}

/** Checks the screen as it is now (the moment of a screenshot) and fails with what this page has found so far. */
export async function checkAccessibility(page: Page): Promise<void> {
  if (MODE === 'off') return;
  watchPage(page);
  const watch = watches.get(page)!;
  const navigation = watch.navigation;
  await enqueue(page, watch, 'screenshot', () => navigation === watch.navigation && !page.isClosed());
  raise(watch.failures.splice(0));
}

// Checks still running when a test ends are waited for, and what they found fails that test.
afterEach(async () => {
  const pages = [...watches.entries()];
  for (const [, watch] of pages) await watch.queue;
  const failures = pages.flatMap(([, watch]) => watch.failures.splice(0));
  for (const [page] of pages) if (page.isClosed()) watches.delete(page);
  raise(failures);
});
