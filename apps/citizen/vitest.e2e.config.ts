import { defineConfig } from 'vitest/config';

// End-to-end journeys: the built apps on the real server, in Debian's Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest-e2e.json' },
  },
});
