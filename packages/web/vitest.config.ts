import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // as the build defines it (vite.config.ts); tests run on sources, with no commit
  define: { __BUILD_COMMIT__: JSON.stringify('') },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    testTimeout: 20_000,
    setupFiles: ['src/test-setup.ts'],
  },
});
