import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES, webTestBase } from './vitest.config.ts';

/** The web test files that need a module graph of their own (vitest.config.ts ISOLATED_FILES). */
export default defineConfig({
  ...webTestBase,
  test: {
    name: 'web-isolated',
    include: ISOLATED_FILES,
    environment: 'jsdom',
    testTimeout: 20_000,
    setupFiles: ['src/test-setup.ts'],
  },
});
