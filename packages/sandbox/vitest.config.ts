import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sandbox',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // one module graph per worker, not per file (the files set up and tear down their own
    // servers and restore what they change): importing Fastify, the sandbox and the mirror once
    // per worker instead of once per file is most of this project's Vitest time
    isolate: false,
    testTimeout: 20_000,
    // a beforeAll that starts servers (the sandbox, Redis, nginx) on a busy machine
    hookTimeout: 30_000,
  },
});
