import { defineConfig } from 'vitest/config';

// End-to-end journeys: the built apps on the real server, in Debian's Chromium. Each journey file
// starts a hall of its own (server, embedded database, browser), so files run side by side:
// two at a time by default (HALL_E2E_WORKERS sets how many; 1 runs them one after another).
const workers = Number(process.env.HALL_E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest-e2e.json' },
  },
});
