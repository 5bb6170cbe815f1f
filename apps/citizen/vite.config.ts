import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The citizen app is served by the hall server at `/`.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist', sourcemap: true },
  server: { proxy: { '^/(online|wechat|api|mp|mpnw|callnum|simulator|logout|healthz)': 'http://127.0.0.1:8080' } },
});
