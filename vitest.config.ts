import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package. Browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/pixiv',
      'packages/sandbox',
      'packages/server',
      'packages/web',
    ],
  },
});
