import { withPreset } from '@hall/vitest-config';

export default withPreset({
  test: {
    coverage: {
      thresholds: { lines: 95 },
    },
  },
});
