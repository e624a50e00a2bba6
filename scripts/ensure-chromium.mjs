// Browser tests drive Debian's Chromium headless shell (the old headless mode, which is much
// lighter on CI's two cores than the full browser's new headless mode; e2e/env.ts) through
// Playwright, with CJK fonts so that Japanese titles render (see debian-tools.mjs).
// `--browser` asks for Debian's full Chromium instead: the first-paint, grid and ugoira
// benchmarks measure the browser people use (bench/run.ts).
import { ensureDebianTools, fileAt } from './debian-tools.mjs';

const full = process.argv.includes('--browser');
ensureDebianTools([
  full
    ? {
        name: 'Chromium',
        packages: ['chromium', 'fonts-noto-cjk'],
        present: fileAt(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
        override: 'CHROMIUM_PATH',
      }
    : {
        name: 'Chromium headless shell',
        packages: ['chromium-headless-shell', 'fonts-noto-cjk'],
        present: fileAt(process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell'),
        override: 'CHROMIUM_PATH',
      },
]);
