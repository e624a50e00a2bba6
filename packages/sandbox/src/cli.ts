/**
 * Runs the sandbox on its own: `node --import tsx packages/sandbox/src/cli.ts [--port N]
 * [--host H] [--seed N]`. Prints the base URL of each simulated host.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEED } from './state.ts';
import { startSandbox } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8081' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
  },
});

const sandbox = await startSandbox({
  port: Number(values.port),
  host: values.host,
  seed: Number(values.seed),
});
process.stdout.write(`pixiv sandbox listening at ${sandbox.baseUrl}\n`);
for (const [name, url] of Object.entries(sandbox.hosts))
  process.stdout.write(`  ${name.padEnd(11)} ${url}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
