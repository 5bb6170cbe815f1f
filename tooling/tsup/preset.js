// The one build setup of the hall's built packages: ES modules with type declarations and source maps,
// shared code split into chunks, Chinese text kept readable. Each package adds its entries.

/** @param {import('tsup').Options} options */
export function libraryBuild(options) {
  return {
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    splitting: true,
    target: 'es2022',
    esbuildOptions(esbuild) {
      // Keep Chinese text readable in the output rather than \uXXXX escapes.
      esbuild.charset = 'utf8';
    },
    ...options,
  };
}
