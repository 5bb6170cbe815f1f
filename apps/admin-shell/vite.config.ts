import { reactRouterProductionBuild } from '@hall/vite-config';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The admin shell is served by the hall server under /admin/.
export default defineConfig({
  plugins: [react(), reactRouterProductionBuild()],
  base: '/admin/',
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  server: { port: 5174, proxy: { '^/(online|wechat|api|mp|admin-api|simulator|logout|healthz)': 'http://127.0.0.1:8080' } },
});
