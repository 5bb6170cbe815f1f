import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  esbuildOptions(options) {
    // Keep Chinese text readable in the output rather than \uXXXX escapes.
    options.charset = 'utf8';
  },
});
