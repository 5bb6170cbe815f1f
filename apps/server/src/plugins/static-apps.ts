import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built apps from the hall's own port. index.html is `no-cache`, because WeChat's
 * browser otherwise keeps a stale one after a deploy; hashed assets are immutable for a year.
 * Any other GET that is not a call gets the app's index.html, so deep links work.
 */
async function staticAppsPlugin(app: FastifyInstance, options: StaticAppsOptions): Promise<void> {
  const setHeaders = (res: { setHeader(name: string, value: string): void }, path: string) => {
    if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
    else if (/[/\\]assets[/\\]/.test(path) && /-[\w-]{8,}\.\w+$/.test(path)) res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    else res.setHeader('Cache-Control', 'public, max-age=3600');
  };

  await app.register(fastifyStatic, { root: options.publicDir, prefix: '/online/assets/', decorateReply: false, setHeaders, cacheControl: false });

  const apps: { prefix: string; root: string }[] = [];
  if (options.adminDist && existsSync(join(options.adminDist, 'index.html'))) apps.push({ prefix: '/admin/', root: options.adminDist });
  if (options.citizenDist && existsSync(join(options.citizenDist, 'index.html'))) apps.push({ prefix: '/', root: options.citizenDist });
  for (const { prefix, root } of apps) {
    await app.register(fastifyStatic, { root, prefix, decorateReply: prefix === '/', wildcard: true, index: 'index.html', setHeaders, cacheControl: false });
  }

  const sendIndex = (reply: FastifyReply, root: string) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', root);

  const citizen = apps.find((a) => a.prefix === '/');
  const { homeImages } = options;
  if (citizen && homeImages) {
    app.get('/', async (request, reply) => {
      // Read each time, as sendFile does, so a rebuilt app is served at once; without its images the home still works.
      const html = await readFile(join(citizen.root, 'index.html'), 'utf8');
      const images = await homeImages().catch((error: unknown) => {
        request.log.warn({ err: error }, 'home images unavailable');
        return [];
      });
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(withImagePreloads(html, images));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isCall = API_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (request.method === 'GET' && !isCall) {
      const target = apps.find((a) => path.startsWith(a.prefix) || `${path}/` === a.prefix);
      if (target) return sendIndex(reply, target.root);
    }
    return reply.code(404).send(failureBody('plain', '请求的地址不存在', '404'));
  });
}

/** Registered at the root, so its not-found handler answers for every path. */
export const staticApps = fp(staticAppsPlugin, { name: 'static-apps' });
