import { reactRouterProductionBuild } from '@hall/vite-config';
import react from '@vitejs/plugin-react';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
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

// The page's entry: index.html, whose module script is src/main.tsx.
const SESSION_ENTRY = 'index.html';
const HALL_SCREENS = 'src/app/hall.tsx';

/**
 * The modules the entry (index.html with src/main.tsx) loads before it runs: the session bootstrap, the API client
 * and the rules they use. Known once the module graph is built, before the chunks are cut.
 */
function sessionModules(): { plugin: Plugin; has(id: string): boolean; isEntry(id: string): boolean } {
  const modules = new Set<string>();
  const entry = resolve(import.meta.dirname, SESSION_ENTRY);
  return {
    has: (id) => modules.has(id),
    isEntry: (id) => id === entry,
    plugin: {
      name: 'hall:session-modules',
      apply: 'build',
      buildEnd() {
        const visit = (id: string) => {
          if (modules.has(id)) return;
          modules.add(id);
          const info = this.getModuleInfo(id);
          // Static imports only (the bundler's importedIds also lists the dynamic ones).
          const lazy = new Set(info?.dynamicallyImportedIds ?? []);
          for (const imported of info?.importedIds ?? []) if (!lazy.has(imported)) visit(imported);
        };
        visit(entry);
        if (modules.size < 5) throw new Error(`${SESSION_ENTRY}: its imports were not found`);
        // The entry stays a chunk of its own (the one the HTML loads); only its imports are grouped.
        modules.delete(entry);
      },
    },
  };
}
const session = sessionModules();

/**
 * The entry (src/main.tsx) starts the session bootstrap and then imports the hall's screens
 * (src/app/hall.tsx: React, the router, the home and /waiting). Here the HTML asks for that code
 * and its styles at once, beside the entry, as it asks for the entry's own imports: the download
 * starts when the page arrives, not once the entry has run. The hall server names the same files
 * in the page's Link header (it reads them from this HTML).
 */
function hallScreensPreload(): Plugin {
  return {
    name: 'hall:screens-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const screens = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(HALL_SCREENS));
        if (!screens) throw new Error(`${HALL_SCREENS} is not a chunk of its own`);
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = chunks.find((item) => item.fileName === file);
          for (const style of chunk?.viteMetadata?.importedCss ?? []) styles.add(style);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(screens.fileName);
        // The largest first: over HTTP/1.1 a browser opens six connections to the hall, and what
        // waits for a free one should be the small files.
        const size = (file: string) => chunks.find((item) => item.fileName === file)?.code.length ?? 0;
        const tags = [
          ...[...files]
            .sort((a, b) => size(b) - size(a))
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...[...styles].filter((file) => !html.includes(`/${file}"`)).map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
        return { html, tags };
      },
    },
  };
}

// The citizen app is served by the hall server at `/`.
export default defineConfig({
  plugins: [react(), pdfjsAssets(), reactRouterProductionBuild(), hallScreensPreload(), session.plugin],
  base: '/',
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // The hall's screens are an entry of their own, so that what they load first is grouped:
      input: { index: 'index.html', hall: HALL_SCREENS },
      // what the entry loads (the session bootstrap: the API client, the rules it uses) is one
      // chunk, and what the screens load beyond it (the hall home and /waiting with React, the
      // router and their part of the kit) another: the first screen is a handful of requests, not
      // one per shared module, and the session's first calls wait only for the small one.
      // React's renderer (react-dom, the scheduler: 40 % of what the screens load) is a chunk of
      // its own, fetched beside the screens' rather than after them: on a slow link two downloads
      // side by side end sooner than one of both (each has its own TCP window over HTTP/1.1).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: (id) => /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/.test(id), priority: 3, includeDependenciesRecursively: false },
            { name: 'session', test: (id) => session.has(id), priority: 2, includeDependenciesRecursively: false },
            { name: 'hall', tags: ['$initial'], test: (id) => !session.isEntry(id), priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/(online|wechat|api|mp|mpnw|callnum|simulator|logout|healthz)': 'http://127.0.0.1:8080' } },
});
