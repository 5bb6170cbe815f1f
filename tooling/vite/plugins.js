// Vite plugins the apps share.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * react-router's package points every bundler at its development build, which differs from the
 * production build beside it only in having its development warnings on (remix-run/react-router
 * #12532, #14102). A production build of an app takes the production build: the same router, without
 * the warnings' checks on the phone's main thread. react-router is found from the app's own folder.
 */
export function reactRouterProductionBuild() {
  return {
    name: 'hall:react-router-production-build',
    apply: 'build',
    config(config) {
      const appRequire = createRequire(join(resolve(config.root ?? process.cwd()), 'package.json'));
      const root = dirname(appRequire.resolve('react-router/package.json'));
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: join(root, 'dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(root, 'dist/production/dom-export.mjs') },
          ],
        },
      };
    },
  };
}
