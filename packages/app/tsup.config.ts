import { libraryBuild } from '@hall/tsup-config';
import { defineConfig } from 'tsup';

/**
 * One output file per module, not one bundle: the apps import everything from the package root, and
 * with `sideEffects: false` the bundler then keeps only the modules a chunk uses. A single bundle would
 * carry submitWithFeedback's import of the kit (and its styles) into every chunk that only wants the
 * client, the citizen home among them.
 */
export default defineConfig(libraryBuild({ entry: ['src/*.ts', '!src/*.test.ts'] }));
