import { withPreset } from '@hall/vitest-config';

export default withPreset({
  test: {
    coverage: {
      // Generated data (src/*.generated.ts) is not code to cover; the modules that decode it are.
      exclude: ['src/**/*.generated.ts'],
      thresholds: { lines: 95 },
    },
  },
});
