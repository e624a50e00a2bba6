/**
 * Where the browser tests find Chromium and the servers under test.
 *
 * The browser stage runs `E2E_WORKERS` Playwright workers at once: 1 by default, since on CI's
 * two cores the stage is CPU-bound and a second worker only doubles each test's time (e2e
 * README). Each worker slot (`TEST_PARALLEL_INDEX`, 0 … workers − 1, the same for a worker that
 * replaces a failed one) has a server and a sandbox of its own, `E2E_SLOT_STRIDE` ports above
 * slot 0's, so that one slot's sandbox faults, bookmarks or finished lives never reach a test
 * of the other. The config starts every slot's pair; a spec reads its own slot's addresses here.
 */
/**
 * Debian's headless shell (the old headless mode) by default: the same engine as Debian's
 * Chromium, without the new headless mode's GPU process and browser UI, which on two cores cost
 * each test about 40 % of its time (measured: a context, a page and the first ranking card in
 * 1.7 s against 3.0 s).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 1));
const E2E_SLOT_STRIDE = 10;
const FIRST_PORT = Number(process.env.E2E_PORT || 18080);
const FIRST_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT || 18081);

/** The server's and the sandbox's port of worker slot `slot`. */
export function slotPorts(slot: number) {
  return {
    server: FIRST_PORT + E2E_SLOT_STRIDE * slot,
    sandbox: FIRST_SANDBOX_PORT + E2E_SLOT_STRIDE * slot,
  };
}

/** This process's slot: a worker's own, 0 in the runner (which only starts the servers). */
const SLOT = Number(process.env.TEST_PARALLEL_INDEX || 0);
export const E2E_PORT = slotPorts(SLOT).server;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A standalone sandbox (same default seed as the server's embedded one). */
export const SANDBOX_PORT = slotPorts(SLOT).sandbox;
export const SANDBOX_BASE_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

/**
 * Flags for a headless Chromium on a closed network, running as root in CI: without the
 * background-networking flags Chromium keeps trying to reach Google's hosts.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
