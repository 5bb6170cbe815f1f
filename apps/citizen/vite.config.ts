import { reactRouterProductionBuild } from '@hall/vite-config';
import react from '@vitejs/plugin-react';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * pdf.js reads its CMaps (Chinese text), standard fonts, wasm image decoders and ICC profiles
 * from URLs at run time. They are copied to /pdfjs/ of the built app (and served from there in
 * development); the PDF viewer points pdf.js at them.
 */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folders = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
  const files = () =>
    folders.flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .map((name) => join(root, folder, name))
        .filter((path) => statSync(path).isFile()),
    );
  const publicName = (path: string) => `pdfjs/${relative(root, path).split(sep).join('/')}`;
  return {
    name: 'hall:pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs/', (request, response, next) => {
        const name = decodeURIComponent((request.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        const path = join(root, name);
        if (name.includes('..') || !folders.some((folder) => name.startsWith(`${folder}/`))) return next();
        try {
          if (!statSync(path).isFile()) return next();
        } catch {
          return next();
        }
        if (path.endsWith('.wasm')) response.setHeader('Content-Type', 'application/wasm');
        createReadStream(path).pipe(response);
      });
    },
    generateBundle() {
      for (const path of files()) this.emitFile({ type: 'asset', fileName: publicName(path), source: readFileSync(path) });
    },
  };
}

// The citizen app is served by the hall server at `/`.
export default defineConfig({
  plugins: [react(), pdfjsAssets(), reactRouterProductionBuild()],
  base: '/',
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // What the entry loads (the hall home and /waiting with React, the router and their part of the
    // kit) is one chunk: the first screen is a handful of requests, not one per shared module.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'hall', tags: ['$initial'], includeDependenciesRecursively: false }] } } },
  },
  server: { proxy: { '^/(online|wechat|api|mp|mpnw|callnum|simulator|logout|healthz)': 'http://127.0.0.1:8080' } },
});
