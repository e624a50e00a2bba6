import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test files that mock a module (`vi.mock`): a module mock holds only in a fresh module graph,
 * so these run isolated, in the `web-isolated` project (vitest.isolated.config.ts). ESLint
 * (eslint.config.js) refuses `vi.mock` in any other web test file.
 */
export const ISOLATED_FILES = ['src/entry-server.test.tsx'];

/** What both web projects share. */
export const webTestBase = {
  plugins: [react()],
  // as the build defines it (vite.config.ts); tests run on sources, with no commit
  define: { __BUILD_COMMIT__: JSON.stringify('') },
};

export default defineConfig({
  ...webTestBase,
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ISOLATED_FILES,
    environment: 'jsdom',
    // One jsdom and one module graph per worker, not per file: setting up jsdom and importing
    // React, the router and the app's modules again for each of some 90 files cost about four
    // fifths of the project's CPU time. test-setup.ts gives each file empty storage and a bare
    // document; module mocks need a fresh graph (ISOLATED_FILES).
    isolate: false,
    testTimeout: 20_000,
    setupFiles: ['src/test-setup.ts'],
  },
});
