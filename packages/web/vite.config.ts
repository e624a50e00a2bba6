import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildCommit } from './build-commit.ts';

// `npm run dev` proxies the API and images to a server started with `npm start`.
const server = process.env.PV_SERVER ?? 'http://localhost:8080';

/** Text files worth compressing; images and fonts (already compressed) are left alone. */
const TEXT_FILE = /\.(html|js|mjs|css|json|svg|webmanifest|txt|xml)$/;
/** The server's floor for compressing (packages/server/src/lib/compress.ts). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build,
 * which the server sends as they are (@fastify/static `preCompressed`): the best ratio, paid once.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'pv-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        // The service worker is written by the PWA plugin as the bundle closes (no fixed order
        // with this hook): it is served as it is, so a copy never lags behind it.
        if (!TEXT_FILE.test(file) || file.endsWith('sw.js')) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The PWA plugin builds the service worker with `output.inlineDynamicImports: true`, an option
 * Rolldown (Vite 8) deprecates with a warning on every build; `codeSplitting: false` is the same
 * setting under its new name (one file, dynamic imports inlined). This plugin of the worker's
 * own build renames it before Rolldown reads it.
 */
function swOutputAsOneFile(): Plugin {
  return {
    name: 'pv-sw-output-as-one-file',
    config(config) {
      const output = config.build?.rollupOptions?.output;
      if (!output || Array.isArray(output) || !('inlineDynamicImports' in output)) return;
      const { inlineDynamicImports, ...rest } = output;
      config.build!.rollupOptions!.output = { ...rest, codeSplitting: !inlineDynamicImports };
    },
  };
}

/**
 * The modules the entry imports statically: all of them load before the app starts, so they go
 * into the entry's chunk (`index`). Left to itself, Rolldown split them into a chunk per set of
 * importers, about 30 files of a few hundred bytes each, each one a request and a module to
 * instantiate on every visit. Measured on a rendered ranking page in headless Chromium: 74
 * requests and 1.9 s of CPU (browser, network service and renderer) per fresh visit before the
 * two groups below, 13 requests and 1.1–1.4 s after.
 */
const entryClosure = new Set<string>();
/** The workspace's own sources (packages/web, packages/core), not a dependency's. */
const OUR_SOURCES = /^(?!.*node_modules).*\/packages\/[a-z]+\/src\//;
function collectEntryClosure(): Plugin {
  return {
    name: 'pv-entry-closure',
    apply: 'build',
    buildEnd() {
      entryClosure.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const stack = entries.flatMap((id) => [...(this.getModuleInfo(id)?.importedIds ?? [])]);
      while (stack.length) {
        const id = stack.pop()!;
        if (entryClosure.has(id)) continue;
        entryClosure.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * The installable app (issue 19): the web app manifest and the service worker (src/sw.ts, built
 * by Workbox's injectManifest with the precache list of this build). The app registers it itself
 * (src/app/shell/service-worker.ts, through workbox-window) to prompt for updates.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  injectManifest: {
    // The app shell, its hashed code and styles, the icons; not the .br/.gz copies.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // The live-stream player (hls.js's light build, HlsPlayer.tsx) needs the network anyway:
    // not worth 370 kB of every install.
    globIgnores: ['**/hls.light-*.js'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    buildPlugins: { vite: [swOutputAsOneFile()] },
  },
  manifest: {
    name: 'Pixiv Viewer',
    short_name: 'Pixiv Viewer',
    description: 'An alternative viewer for pixiv illustrations, manga and novels.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#38a9f5',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/**
 * React Router 7 exports only its development build, whatever the mode (remix-run/react-router
 * #12532, #14102): its warnings would run in every user's browser. Its production build (the same
 * code with ENABLE_DEV_WARNINGS false) is a file beside it, outside the exports map.
 */
const ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  // precompress runs last so that sw.js and the manifest get their .br/.gz copies too. The server
  // rendering's build (`vite build --ssr src/entry-server.tsx`, into dist/server, for the server
  // only) has neither a service worker nor files to send.
  plugins: isSsrBuild ? [react()] : [react(), collectEntryClosure(), pwa, precompress()],
  // About shows the commit the build is made from (src/lib/build-info.ts)
  define: {
    __BUILD_COMMIT__: JSON.stringify(buildCommit(dirname(fileURLToPath(import.meta.url)))),
  },
  resolve: {
    // `npm run dev` keeps the development build, warnings and all
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] : [],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The CSP allows no inline scripts or styles: keep every asset a file.
    assetsInlineLimit: 0,
    // the server bundle needs none of the files served as they are (icons, favicon)
    copyPublicDir: !isSsrBuild,
    // which stylesheets a screen's chunk needs: the server links them into a page it renders
    // (packages/server routes/server-render.ts), as its first paint needs them before any script
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', test: (id: string) => entryClosure.has(id) },
                // our modules that two or more lazy chunks (screens, dialogs) import: one chunk
                // that the screens share, not one per set of screens (issue 37)
                { name: 'shared', test: OUR_SOURCES, minShareCount: 2 },
              ],
            },
          },
        },
  },
  server: {
    proxy: { '/api': server, '/i/': server, '/s/': server },
  },
}));
