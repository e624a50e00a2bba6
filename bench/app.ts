/**
 * What the browser benchmarks share: the app as `npm start` runs it (built web app, embedded
 * sandbox) on a port of their own, quiet and without the rate limit, and a wait until a URL answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Polls `url` until it answers 2xx, every `everyMs`; throws after `ms`. */
export async function waitFor(url: string, ms: number, everyMs = 300): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * Starts `scripts/start.mjs` on 127.0.0.1:`port` and waits until it answers (2 minutes at most);
 * `env` adds to (or overrides) its environment.
 */
export async function startApp(port: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: 'inherit',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/config`, 120_000);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return server;
}
