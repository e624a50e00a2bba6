import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_WORKERS, slotPorts } from './env.ts';

/**
 * Specs with tests that run on the 390 px touch phone as well as on the 1440 px desktop: in them,
 * the tests tagged `@phone` in their title (a behaviour that depends on the width or on touch:
 * the bottom bar, long presses, swipes, sheets, row and grid layouts, every screen's screenshot).
 */
const PHONE_SPECS = [
  'artwork.spec.ts',
  'home.spec.ts',
  'novels.spec.ts',
  'screenshots.spec.ts',
  'shell.spec.ts',
  'shell-actions.spec.ts',
  'shell-layouts.spec.ts',
  'spotlights.spec.ts',
  'ssr-homes.spec.ts',
  'theme.spec.ts',
].map((name) => `**/${name}`);

/**
 * One worker slot's pair of servers: the sandbox, standalone, so that tests can compare what
 * upstream answers with what the server answers and drive it (faults, finishing a live) while
 * the app runs on it; and the server, started as `npm start` starts it, pointed at that sandbox.
 */
function slotServers(slot: number) {
  const ports = slotPorts(slot);
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  return [
    {
      command: `node --import tsx packages/sandbox/src/cli.ts --port ${ports.sandbox}`,
      cwd: '..',
      url: `${sandboxUrl}/s.pximg.net/common/images/no_profile.png`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Playwright starts the servers one after the other: slot 0's `npm start` builds the web
      // app when its sources changed, and the later slots find it built.
      command: 'node scripts/start.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${ports.server}/api/config`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe' as const,
      env: {
        PORT: String(ports.server),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SANDBOX_URL: sandboxUrl,
        // No viewer notices here (an address the sandbox answers 404): a banner arriving after
        // the page would move what the other specs measure. shell.spec.ts serves the sandbox's
        // notices to the page itself, and xss.spec.ts's own server shows them.
        UPSTREAM_NOTICES: `${sandboxUrl}/viewer-services.invalid/no-notices.json`,
        // A second origin that may read the API and the images cross-site: image-proxy.spec.ts
        // draws one of our images on a canvas of a sandbox page.
        CORS_ORIGINS: sandboxUrl,
        // Server rendering (issue 33), the default, named so that the suite runs on it whatever
        // the default: every spec meets the pages the server renders, and acts once the app has
        // taken them over (fixtures.ts). A spec that answers a page's first calls itself loads
        // the shell first (helpers.ts shellFirst).
        SSR: '1',
      },
    },
  ];
}

// Browser tests: Debian's Chromium (no Playwright browser download) against the real server and
// a sandbox of its own that the tests can also drive, one pair per worker (env.ts). A spec file
// runs in one worker, its tests in order; the files are shared out between the workers.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  // A test that fails once gets one retry in CI, so that the log tells a flaky test from a broken
  // one; scripts/test.mjs fails the run on either, and names every flaky one.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  outputDir: '../test-results',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-US',
    // A trace only for the retry of a failed test: recording one for every test (to keep it on
    // a failure) cost a fifth of each test's time, and its saving once overran a test's time-out
    // at tear-down.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The app's service worker would answer requests that page.route() then never sees; only
    // pwa.spec.ts, which tests the worker itself, lets it run.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    {
      // The phone runs the tests whose behaviour depends on the width or on touch (the shell and
      // its bottom bar, long presses and swipes, sheets, rows and grids, spotlight cards, every
      // screen's screenshot): those tagged @phone in PHONE_SPECS. A behaviour that is the same at
      // every width is tested once, on the desktop project, which runs every test.
      name: 'mobile',
      testMatch: PHONE_SPECS,
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, hasTouch: true },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => slotServers(slot)).flat(),
});
