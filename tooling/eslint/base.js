// The one lint setup of the hall. Each package composes it in a short eslint.config.js
// and states, through `boundaries`, which workspace packages it may import.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettierRecommended from 'eslint-plugin-prettier/recommended';

export const base = tseslint.config(
  // tsup and Vite write their configs' bundles beside them for a moment while a build runs (lint runs
  // alongside the build): never source, and gone before eslint can read them.
  { ignores: ['dist/**', 'coverage/**', 'storybook-static/**', '**/*.generated.ts', '**/*.bundled_*.mjs', '**/*.timestamp-*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  // The formatter is run by lint: code prettier would write differently is a lint error (.prettierrc.json; `pnpm format` fixes it).
  prettierRecommended,
);

const ALL_HALL_PACKAGES = ['@hall/domain', '@hall/api', '@hall/ui', '@hall/app'];

/**
 * The dependency rules of docs/architecture.md §1, enforced rather than trusted:
 * a package may import only the workspace packages it names, never an app,
 * never another package's src/ (only its exports map), never by a path into another package.
 */
export function boundaries(allowed = []) {
  const forbidden = ALL_HALL_PACKAGES.filter((name) => !allowed.includes(name));
  return {
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((name) => ({ group: [name, `${name}/*`], message: `This package may not import ${name}.` })),
            {
              group: ['@hall/server', '@hall/server/*', '@hall/citizen', '@hall/citizen/*', '@hall/admin-shell', '@hall/admin-shell/*'],
              message: 'Apps are never imported: talk to the server over HTTP.',
            },
            { group: ['@hall/*/src', '@hall/*/src/*'], message: 'Import a package through its exports map, not its src/.' },
            { group: ['**/packages/*/src/**', '**/apps/*/src/**', '**/packages/*/dist/**'], message: 'Import other packages by name, not by a path into them.' },
          ],
        },
      ],
    },
  };
}

/**
 * The browser apps take the contract's values from `@hall/api/browser`, which leaves the zod schemas
 * out of the bundle; types may still come from `@hall/api` or `@hall/api/internal`.
 */
export const browserContract = {
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          { name: '@hall/api', message: 'In the apps import values from @hall/api/browser (types may come from @hall/api).', allowTypeImports: true },
          { name: '@hall/api/internal', message: 'In the apps import values from @hall/api/browser (types may come from @hall/api/internal).', allowTypeImports: true },
        ],
      },
    ],
  },
};

/** The reply envelope fields whose success is read by the contract's helpers, never by hand. */
const ENVELOPE_FIELDS = '/^(errcode|state|stat|webstate)$/';

/**
 * Success of a reply is read with the helpers of packages/api/src/reply-helpers.ts (errcodeOk, stateOk,
 * statOk, webstateOk, codeCheckedOk), so what counts as success stays written once per envelope.
 */
export const envelopeHelpers = {
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: `BinaryExpression[operator=/^[!=]==$/]:matches([left.type='MemberExpression'][left.property.name=${ENVELOPE_FIELDS}][right.type='Literal'], [right.type='MemberExpression'][right.property.name=${ENVELOPE_FIELDS}][left.type='Literal'])`,
        message: 'Read a reply envelope with the helpers of @hall/api/browser (errcodeOk, stateOk, statOk, webstateOk, codeCheckedOk), not by comparing errcode/state/stat/webstate with a literal.',
      },
    ],
  },
};
