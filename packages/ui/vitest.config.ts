import react from '@vitejs/plugin-react';
import { withPreset } from '@hall/vitest-config';

export default withPreset({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // jsdom and axe-core are slow on a busy machine; the tests wait on fake time, never on real time.
    testTimeout: 30_000,
    // The set-up loads the dialog and toast code (antd-mobile's popup and animation modules, transformed
    // for each file): under load that takes longer than the default 10 s.
    hookTimeout: 60_000,
    // The frame shim must be in place before react-spring (through antd-mobile) is imported.
    setupFiles: ['./src/testing/raf-shim.ts', './vitest.setup.ts'],
    // antd-mobile's modules import their own CSS; let Vite handle them rather than Node.
    server: { deps: { inline: ['antd-mobile'] } },
  },
});
