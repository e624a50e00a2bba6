/** Where the browser tests find Chromium and the server under test. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const E2E_PORT = Number(process.env.E2E_PORT || 18080);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A standalone sandbox (same default seed as the server's embedded one). */
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT || 18081);
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
