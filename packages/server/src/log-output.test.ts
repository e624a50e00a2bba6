/**
 * The server’s own log output, as `npm start` writes it: lines are batched (lib/log-destination.ts)
 * but reach standard output within about a second on an idle server, and all of
 * them before the process ends, secrets redacted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { freePort } from './test-instances.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((f) => f()));

it('writes an idle server’s request line within about a second, and the rest at exit, redacted', async () => {
  const web = mkdtempSync(join(tmpdir(), 'pv-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: web,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.push(() => {
    child.kill('SIGKILL');
    rmSync(web, { recursive: true, force: true });
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const until = (test: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      const started = Date.now();
      const tick = setInterval(() => {
        if (test() || Date.now() - started > ms) {
          clearInterval(tick);
          resolve(test());
        }
      }, 50);
    });
  const base = `http://127.0.0.1:${port}`;
  const up = await until(() => out.includes('in your browser'), 60_000);
  expect(up, out).toBe(true);
  // the first line a person reads says where to open the site, in plain words
  expect((JSON.parse(out.split('\n')[0]!) as { msg: string }).msg).toBe(
    `Open ${base} in your browser (listening at ${base}).`,
  );
  const marker = `/api/config?log-marker=${Date.now()}`;
  expect((await fetch(`${base}${marker}`)).status).toBe(200);
  const sent = Date.now();
  expect(await until(() => out.includes(marker), 3_000), 'the request line').toBe(true);
  // buffered for at most the flush interval (1 s), with room for a loaded machine
  expect(Date.now() - sent).toBeLessThan(2_500);
  // the last line before the stop is written even though the buffer is far from full
  // and redacted: a login code in the URL reaches the log as [redacted]
  const secret = `s3cret${Date.now()}`;
  const last = `/api/config?last-marker=${Date.now()}&code=`;
  await fetch(`${base}${last}${secret}`);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(out).toContain(`${last}[redacted]`);
  expect(out).not.toContain(secret);
  expect(out).toContain('shutting down');
}, 90_000);
