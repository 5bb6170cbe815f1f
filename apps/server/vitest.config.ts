import { withPreset } from '@hall/vitest-config';

export default withPreset({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/install-data-keys.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
