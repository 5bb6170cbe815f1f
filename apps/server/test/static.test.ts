import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPreloads, screenPreloads, withImagePreloads } from '../src/plugins/static-apps';
import { createTestHall, type TestHall } from './hall';
import { callHall } from './call';
import { contract } from '@hall/api';

let hall: TestHall;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'hall-dist-'));
  await mkdir(join(dist, 'assets'));
  // As Vite writes it: the entry script, a module preload and the stylesheet in the head.
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-BkX93aQz.js"></script><link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Aa11Bb22.js"><link rel="stylesheet" crossorigin href="/assets/index-Cc33Dd44.css"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'assets', 'index-BkX93aQz.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // The build's brotli copy of the entry script (scripts/precompress-assets.mjs): no gzip copy, so a gzip-only browser gets it compressed on the fly.
  await writeFile(join(dist, 'assets', 'index-BkX93aQz.js.br'), brotliCompressSync(`console.log(${JSON.stringify('x'.repeat(4000))});`));
  // As the citizen build writes it; the third script is not a local path and must never reach a header.
  await writeFile(
    join(dist, 'landing-preloads.json'),
    JSON.stringify({
      '/prodoing': {
        scripts: ['/assets/application-list-page-Gg77Hh88.js', '/assets/hall-page-Ii99Jj00.js', 'https://elsewhere.example/x.js>; rel=preload'],
        styles: ['/assets/application-list-page-Kk11Ll22.css'],
      },
    }),
  );
  await mkdir(join(dist, 'admin'));
  await writeFile(
    join(dist, 'admin', 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/admin/assets/index-Ee55Ff66.js"></script></head><body><div id="console"></div></body></html>',
  );
  hall = await createTestHall({ HALL_CITIZEN_DIST: dist, HALL_ADMIN_DIST: join(dist, 'admin') });
});
afterAll(async () => {
  await hall.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the apps', () => {
  it('serves index.html at / with no-cache, so WeChat does not keep a stale one', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('names the home’s first banner in its HTML, so it loads beside the scripts; other pages do not', async () => {
    const menu = await callHall(hall, contract.getWxMenu, {});
    const first = menu.body.data!.banners[0]!.url;
    expect(first).toMatch(/^\/online\/assets\/banners\//);
    const home = await hall.app.inject({ method: 'GET', url: '/?code=abc&state=x' });
    expect(home.body).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high"></head>`);
    expect(home.body.match(/rel="preload"/g)).toHaveLength(1);
    const deep = await hall.app.inject({ method: 'GET', url: '/feedBackDetail?id=3' });
    expect(deep.body).not.toContain('rel="preload"');
  });

  it('asks for the entry script, its module preload and the stylesheet in the headers of every page of both apps', async () => {
    const expected =
      '</assets/index-BkX93aQz.js>; rel=modulepreload; crossorigin, </assets/rolldown-runtime-Aa11Bb22.js>; rel=modulepreload; crossorigin, </assets/index-Cc33Dd44.css>; rel=preload; as=style; crossorigin';
    for (const url of ['/', '/?code=abc&state=x', '/feedBack', '/apply?id=pd-200-4&djlx=200&qllx=4']) {
      const page = await hall.app.inject({ method: 'GET', url });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers.link).toBe(expected);
    }
    for (const url of ['/admin/', '/admin/review?stage=1']) {
      const page = await hall.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="console">');
      expect(page.headers.link).toBe('</admin/assets/index-Ee55Ff66.js>; rel=modulepreload; crossorigin');
    }
    // An answer that is not the app's page carries no preloads.
    expect((await hall.app.inject({ method: 'GET', url: '/online/wx/apilist/nothing' })).headers.link).toBeUndefined();
    expect(entryPreloads('<html><body>no scripts</body></html>')).toBeUndefined();
  });

  it('adds a landing page’s screen code to its headers, and only local addresses', async () => {
    const entry = (await hall.app.inject({ method: 'GET', url: '/feedBack' })).headers.link;
    const page = await hall.app.inject({ method: 'GET', url: '/prodoing?yytype=1' });
    expect(page.headers.link).toBe(
      `${entry}, </assets/application-list-page-Gg77Hh88.js>; rel=modulepreload; crossorigin, </assets/hall-page-Ii99Jj00.js>; rel=modulepreload; crossorigin, </assets/application-list-page-Kk11Ll22.css>; rel=preload; as=style; crossorigin`,
    );
    expect(entry).not.toContain('application-list-page');
    expect(screenPreloads(undefined)).toEqual([]);
  });

  it('writes a banner address into the preload as an attribute, never as markup', () => {
    const html = withImagePreloads('<html><head><title>t</title></head><body></body></html>', ['/x.png?a=1&b="><script>alert(1)</script>']);
    expect(html).toContain('<link rel="preload" as="image" href="/x.png?a=1&amp;b=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" fetchpriority="high"></head>');
    expect(withImagePreloads('<html></html>', [])).toBe('<html></html>');
  });

  it('answers deep links of the app with index.html', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/feedBackDetail?id=3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets immutable for a year, compressed when asked', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/assets/index-BkX93aQz.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends the build’s brotli copy of an asset to a browser that accepts it, with the same headers', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/assets/index-BkX93aQz.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`console.log(${JSON.stringify('x'.repeat(4000))});`);
    const plain = await hall.app.inject({ method: 'GET', url: '/assets/index-BkX93aQz.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  });

  it('serves the public icons and banners', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/online/assets/banners/banner-1.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers an unknown call with a JSON 404 in Chinese, not the app', async () => {
    const response = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/noSuchCall', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errmsg: '请求的地址不存在' });
    const get = await hall.app.inject({ method: 'GET', url: '/api/app/nothing' });
    expect(get.statusCode).toBe(404);
  });

  it('draws the hall address as the contact page QR code', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/online/public/hall-qrcode.svg', headers: { host: 'hall.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toMatch(/^<svg[^>]*viewBox/);
    expect(response.body.length).toBeGreaterThan(500);
  });

  it('sets the security headers', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
