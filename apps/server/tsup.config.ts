import { defineConfig } from 'tsup';

export default defineConfig({
  // The PDF worker is an entry of its own: the server starts it as dist/pdf-worker.js.
  entry: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'copy-files-to-s3': 'src/cli/copy-files-to-s3.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    retention: 'src/cli/retention.ts',
    'rotate-data-key': 'src/cli/rotate-data-key.ts',
    'pdf-worker': 'src/documents/pdf-worker-thread.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
});
