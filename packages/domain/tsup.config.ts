import { defineConfig } from 'tsup';

// Every top-level module is its own entry, so `@hall/domain/<module>` imports just that rule;
// the validation rules are a folder, one file per subject, whose index is the entry.
// Generated data modules are bundled into the modules that use them, not published as entries.
export default defineConfig({
  entry: ['src/*.ts', '!src/*.test.ts', '!src/*.generated.ts', 'src/validation/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  splitting: true,
  treeshake: true,
  // Keep Chinese text as UTF-8 rather than \uXXXX escapes: the region table is half the size.
  esbuildOptions(options) {
    options.charset = 'utf8';
  },
});
