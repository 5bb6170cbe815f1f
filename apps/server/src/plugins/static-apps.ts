import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureBody } from '../lib/envelope';

/** Paths that belong to the server's calls: an unknown one there is a JSON 404, never the app. */
const API_PREFIXES = ['/online/wx/', '/online/query/', '/online/public/', '/online/platform/', '/wechat/', '/api/', '/mp/', '/mpnw/', '/callnum/', '/simulator/', '/healthz'];

export interface StaticAppsOptions {
  /** The built citizen app (served at /). */
  citizenDist?: string;
  /** The built admin shell (served at /admin/). */
  adminDist?: string;
  /** The server's own public files (icons, banners) served under /online/assets/. */
  publicDir: string;
  /** Images the citizen home paints first, preloaded from its HTML (the home's first banner). */
  homeImages?: () => Promise<readonly string[]>;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The app's HTML with a preload of each image, high priority, before its scripts are even parsed. */
export function withImagePreloads(html: string, images: readonly string[]): string {
  if (images.length === 0) return html;
  const links = images.map((url) => `<link rel="preload" as="image" href="${attribute(url)}" fetchpriority="high">`).join('');
  return html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html.replace(/<body/i, `${links}<body`);
}

/** One Link header entry: a module script, or a stylesheet, fetched as the page will ask for it. */
function preloadLink(url: string, kind: 'script' | 'style', cors: boolean): string {
  return `<${url}>; ${kind === 'script' ? 'rel=modulepreload' : 'rel=preload; as=style'}${cors ? '; crossorigin' : ''}`;
}

/**
 * The HTTP Link header that asks for the app's entry script, its module preloads and its
 * stylesheet as soon as the HTML's headers arrive, before the browser has parsed the page: on a
 * slow phone the parse is a task of its own, and the entry script no longer waits for it.
 */
export function entryPreloads(html: string): string | undefined {
  const links: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
    if (!url?.startsWith('/')) continue;
    const cors = /\bcrossorigin\b/i.test(tag);
    if ((/^<script\b/i.test(tag) && /\btype="module"/i.test(tag)) || /\brel="modulepreload"/i.test(tag)) links.push(preloadLink(url, 'script', cors));
    else if (/\brel="stylesheet"/i.test(tag)) links.push(preloadLink(url, 'style', cors));
  }
  return links.length > 0 ? links.join(', ') : undefined;
}

/** What the citizen build's landing-preloads.json names for one page: its screen's code beyond the entry's. */
interface ScreenCode {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * The Link header entries for a landing page's screen (written by the citizen build, see
 * apps/citizen/scripts/landing-preloads.mjs): without them the screen's code is found only once
 * the entry script has run, a second wait on a slow phone.
 */
export function screenPreloads(screen: ScreenCode | undefined): string[] {
  if (!screen) return [];
  const local = (url: unknown): url is string => typeof url === 'string' && /^\/[\w./-]+$/.test(url);
  // Vite's loader asks for a screen's chunks and styles with crossorigin, so the preloads do too.
  return [...screen.scripts.filter(local).map((url) => preloadLink(url, 'script', true)), ...screen.styles.filter(local).map((url) => preloadLink(url, 'style', true))];
}

/** The build's table of landing pages, read each time as the HTML is; none when the build wrote none or it cannot be read. */
async function landingScreens(root: string, log: FastifyBaseLogger): Promise<Map<string, ScreenCode>> {
  try {
    const table = JSON.parse(await readFile(join(root, 'landing-preloads.json'), 'utf8')) as Record<string, ScreenCode>;
    return new Map(Object.entries(table).filter(([, screen]) => Array.isArray(screen?.scripts) && Array.isArray(screen?.styles)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ err: error }, 'landing preloads unreadable');
    return new Map();
  }
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built apps from the hall's own port. index.html is `no-cache`, because WeChat's
 * browser otherwise keeps a stale one after a deploy; hashed assets are immutable for a year.
 * Any other GET that is not a call gets the app's index.html, so deep links work.
 */
async function staticAppsPlugin(app: FastifyInstance, options: StaticAppsOptions): Promise<void> {
  const setHeaders = (res: { setHeader(name: string, value: string): void }, path: string) => {
    if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
    else if (/[/\\]assets[/\\]/.test(path) && /-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/.test(path)) res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    else res.setHeader('Cache-Control', 'public, max-age=3600');
    // The same address answers brotli, gzip or plain by the request's Accept-Encoding: a cache in between must keep them apart.
    res.setHeader('Vary', 'Accept-Encoding');
  };

  await app.register(fastifyStatic, { root: options.publicDir, prefix: '/online/assets/', decorateReply: false, setHeaders, cacheControl: false });

  const apps: { prefix: string; root: string }[] = [];
  if (options.adminDist && existsSync(join(options.adminDist, 'index.html'))) apps.push({ prefix: '/admin/', root: options.adminDist });
  if (options.citizenDist && existsSync(join(options.citizenDist, 'index.html'))) apps.push({ prefix: '/', root: options.citizenDist });
  for (const { prefix, root } of apps) {
    // preCompressed: the builds write .br and .gz copies of their assets (scripts/precompress-assets.mjs);
    // the copy the browser accepts is sent as it is, and the compress plugin leaves it alone.
    await app.register(fastifyStatic, { root, prefix, decorateReply: prefix === '/', wildcard: true, index: false, preCompressed: true, setHeaders, cacheControl: false });
  }

  const citizenRoot = apps.find((a) => a.prefix === '/')?.root;
  /** An app's HTML, read each time as sendFile would, so a rebuilt app is served at once. */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, root: string, edit: (html: string) => string | Promise<string> = (html) => html) => {
    const html = await readFile(join(root, 'index.html'), 'utf8');
    const path = request.url.split('?')[0] ?? '/';
    const screen = root === citizenRoot ? (await landingScreens(root, request.log)).get(path) : undefined;
    const preloads = [entryPreloads(html), ...screenPreloads(screen)].filter(Boolean);
    if (preloads.length > 0) reply.header('Link', preloads.join(', '));
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await edit(html));
  };

  // Each app's own address (/ and /admin/) answers with its HTML through sendIndex, as a deep link
  // does, so it carries the preloads; the citizen home adds its first banner.
  const { homeImages } = options;
  for (const { prefix, root } of apps) {
    app.get(prefix, async (request, reply) =>
      sendIndex(request, reply, root, async (html) => {
        if (prefix !== '/' || !homeImages) return html;
        // Without its images the home still works.
        const images = await homeImages().catch((error: unknown) => {
          request.log.warn({ err: error }, 'home images unavailable');
          return [];
        });
        return withImagePreloads(html, images);
      }),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isCall = API_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (request.method === 'GET' && !isCall) {
      const target = apps.find((a) => path.startsWith(a.prefix) || `${path}/` === a.prefix);
      if (target) return sendIndex(request, reply, target.root);
    }
    return reply.code(404).send(failureBody('plain', '请求的地址不存在', '404'));
  });
}

/** Registered at the root, so its not-found handler answers for every path. */
export const staticApps = fp(staticAppsPlugin, { name: 'static-apps' });
