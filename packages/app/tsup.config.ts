import { defineConfig } from 'tsup';

/**
 * One output file per module, not one bundle: the apps import everything from the package root, and
 * with `sideEffects: false` the bundler then keeps only the modules a chunk uses. A single bundle would
 * carry submitWithFeedback's import of the kit (and its styles) into every chunk that only wants the
 * client, the citizen home among them.
 */
export default defineConfig({
  entry: ['src/*.ts', '!src/*.test.ts'],
  splitting: true,
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
