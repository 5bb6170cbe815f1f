import { withPreset } from '@hall/vitest-config';

export default withPreset({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/install-data-keys.ts'],
    // Two files at a time even on two cores: a file spends much of its time waiting on PostgreSQL, on
    // the processes it starts and on loading the server's modules, so one worker (the default there)
    // leaves a core idle; each file has a database of its own, so they never meet.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
