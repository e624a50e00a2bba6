import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies the API and images to a server started with `npm start`.
const server = process.env.PV_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The CSP allows no inline scripts or styles: keep every asset a file.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': server, '/i/': server, '/s/': server },
  },
});
