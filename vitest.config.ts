import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package. Browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores − 1); the integration tests spend much of
    // their time waiting on servers, ffmpeg and Redis, so CI's two cores each run a file.
    maxWorkers: 2,
    projects: [
      'packages/core',
      'packages/pixiv',
      'packages/sandbox',
      'packages/server',
      'packages/web',
      'packages/web/vitest.isolated.config.ts',
    ],
  },
});
