import { defineConfig } from 'tsup';

export default defineConfig({
  // The verification worker is an entry of its own: the server starts it as dist/verification-worker.js.
  entry: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'copy-files-to-s3': 'src/cli/copy-files-to-s3.ts',
    'verification-worker': 'src/documents/verification/verification-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
});
