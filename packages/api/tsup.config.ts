import { libraryBuild } from '@hall/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(libraryBuild({ entry: ['src/index.ts', 'src/browser.ts', 'src/internal.ts'] }));
