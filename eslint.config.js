// One flat config for the monorepo. Package boundaries (DESIGN.md) are enforced here with
// no-restricted-imports: a package may only import the workspace packages its row allows.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const ours = ['core', 'pixiv', 'sandbox', 'server', 'web'];

/** Forbid importing any of our packages except those listed (by package name or by path). */
function onlyMayImport(allowed, extraPatterns = []) {
  const forbidden = ours.filter((p) => !allowed.includes(p));
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...extraPatterns,
          ...forbidden.flatMap((p) => [
            {
              group: [`@pv/${p}`, `@pv/${p}/*`],
              message: `This package may not import @pv/${p} (see DESIGN.md, Packages).`,
            },
            {
              group: [`**/packages/${p}/**`, `../../${p}/**`, `../${p}/**`],
              message: `Cross-package relative imports are not allowed; import @pv/${p} only where DESIGN.md allows it.`,
            },
          ]),
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  { files: ['packages/core/**'], rules: onlyMayImport([]) },
  {
    // core is pure: no I/O, no Node or DOM APIs (tests may read fixtures).
    files: ['packages/core/src/**'],
    ignores: ['**/*.test.ts', '**/test-*.ts'],
    rules: {
      ...onlyMayImport(
        [],
        [{ group: ['node:*', 'fs', 'path', 'http', 'https'], message: 'core does no I/O.' }],
      ),
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'process'],
    },
  },
  { files: ['packages/pixiv/**'], rules: onlyMayImport(['core']) },
  { files: ['packages/sandbox/**'], rules: onlyMayImport(['core']) },
  { files: ['packages/server/**'], rules: onlyMayImport(['core', 'pixiv', 'sandbox']) },
  {
    files: ['packages/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...onlyMayImport(['core']),
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Every chunk the app loads fails as a ChunkLoadError after 120 s (spec 001 §8; issue 35
    // item 10), so each import() is a loader handed to withChunkTimeout or a route's wrapper.
    files: ['packages/web/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/web/src/sw.ts', 'packages/web/src/sw/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportExpression:not(CallExpression[callee.name=/^(withChunkTimeout|lazyScreen|idScreen|settingPage)$/] > ArrowFunctionExpression > ImportExpression)',
          message:
            'Load chunks through withChunkTimeout (lib/chunk-error.ts): spec 001 §8, a 120 s time-out.',
        },
      ],
    },
  },
  {
    // The web tests share one module graph per worker (packages/web/vitest.config.ts): a module
    // mock there misses every module an earlier file imported, so a test file that mocks one is
    // listed in ISOLATED_FILES there (the web-isolated project) and here.
    files: ['packages/web/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx'],
    ignores: ['packages/web/src/entry-server.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'A module mock needs a module graph of its own: add the file to ISOLATED_FILES (packages/web/vitest.config.ts) and to this rule’s ignores, or pass the dependency in.',
        },
      ],
    },
  },
  { files: ['scripts/**', 'bench/**', 'e2e/**'], rules: { 'no-console': 'off' } },
);
