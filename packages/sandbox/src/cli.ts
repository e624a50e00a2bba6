/**
 * Runs the sandbox on its own: `node --import tsx packages/sandbox/src/cli.ts [--port N]
 * [--host H] [--seed N] [--now ISO] [--no-warm-media]`. Prints `pixiv sandbox listening at <base URL>` (with the
 * port actually bound, so `--port 0` can be read back) and the base URL of each simulated host.
 */
import { parseArgs } from 'node:util';
import { parseNow } from './clock.ts';
import { DEFAULT_SEED } from './state.ts';
import { startSandbox } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8081' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: process.env.SANDBOX_SEED ?? String(DEFAULT_SEED) },
    // The present to pin (SANDBOX_NOW when absent); see the README's "Time and determinism".
    now: { type: 'string' },
    // Leave the live streams' video to be encoded on first request instead of at start: the
    // encoding is the costliest part of a start, and tests that never play a stream skip it.
    'no-warm-media': { type: 'boolean', default: false },
  },
});

const seed = Number(values.seed);
if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, got "${values.seed}"`);

// Signals are taken from the start: a stop that comes while the sandbox starts (its media
// encodes already running) must still exit through the hooks that remove their folders, and the
// line below that says it listens can reach a supervisor before the code after it has run.
const started: { sandbox?: Awaited<ReturnType<typeof startSandbox>> } = {};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (started.sandbox?.close() ?? Promise.resolve()).then(() => process.exit(0));
  });
}

const sandbox = await startSandbox({
  port: Number(values.port),
  host: values.host,
  seed,
  now: parseNow(values.now, '--now') ?? parseNow(process.env.SANDBOX_NOW),
  warmMedia: !values['no-warm-media'],
});
started.sandbox = sandbox;
process.stdout.write(`pixiv sandbox listening at ${sandbox.baseUrl}\n`);
process.stdout.write(
  `  seed ${sandbox.state.data.seed}, present ${new Date(sandbox.state.now).toISOString()}\n`,
);
for (const [name, url] of Object.entries(sandbox.hosts))
  process.stdout.write(`  ${name.padEnd(11)} ${url}\n`);
