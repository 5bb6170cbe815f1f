import { defineConfig } from 'tsup';

// Every top-level module is its own entry, so `@hall/domain/<module>` imports just that rule.
export default defineConfig({
  entry: ['src/*.ts', '!src/*.test.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  splitting: true,
  treeshake: true,
});
