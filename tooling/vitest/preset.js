// The shared vitest preset: tests sit beside the code as *.test.ts(x);
// end-to-end suites live apart under e2e/ and run with their own config.
import { defineConfig, mergeConfig } from 'vitest/config';

export const preset = defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // The JSON report feeds the closing totals line of scripts/test.sh.
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/**/*.stories.tsx'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});

export function withPreset(config) {
  return mergeConfig(preset, defineConfig(config));
}
