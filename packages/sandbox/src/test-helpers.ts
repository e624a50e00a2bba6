/**
 * Shared by the sandbox's tests: a fixed clock, a sandbox app per test file, demo tokens, and a
 * sandbox in its own process.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { buildSandboxApp, type BuiltSandbox } from './app.ts';
import type { SandboxOptions } from './state.ts';

/** 2026-11-20 15:00 JST: after the day's ranking publication, so 2026-11-19 is the latest. */
export const TEST_NOW = Date.parse('2026-11-20T15:00:00+09:00');

/** The world most host tests need: 5,000 works by 400 users, quick to build. */
export const SMALL_WORLD = { illustCount: 5_000, userCount: 400 } as const;

/**
 * The sandbox app at TEST_NOW for one test file, ready before its tests and closed after them.
 * Call it at the file's top level; `{}` builds the full-size world.
 */
export function testSandbox(world: Omit<SandboxOptions, 'now'> = SMALL_WORLD): BuiltSandbox {
  const built = buildSandboxApp({ now: TEST_NOW, ...world });
  beforeAll(() => built.app.ready());
  afterAll(() => built.app.close());
  return built;
}

export async function demoAccessToken(app: FastifyInstance, index = 0): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth.secure.pixiv.net/auth/token',
    payload: new URLSearchParams({
      client_id: 'id',
      client_secret: 'secret',
      grant_type: 'refresh_token',
      refresh_token: DEMO_ACCOUNTS[index]!.refreshToken,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.json() as { access_token: string }).access_token;
}

/** GET of an i.pximg.net or s.pximg.net URL, as app JSON carries it, on this sandbox app. */
export function pximg(app: FastifyInstance, url: string, headers: Record<string, string>) {
  return app.inject({
    url: url
      .replace('https://i.pximg.net', '/i.pximg.net')
      .replace('https://s.pximg.net', '/s.pximg.net'),
    headers,
  });
}

/** A form POST to the app API with an access token, as the app clients send their actions. */
export function appPost(
  app: FastifyInstance,
  path: string,
  form: Record<string, string> | [string, string][],
  token: string,
) {
  return app.inject({
    method: 'POST',
    url: `/app-api.pixiv.net${path}`,
    payload: new URLSearchParams(form).toString(),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
}

/** A sandbox running in its own Node process, as `cli.ts` starts it. */
export interface SandboxProcess {
  baseUrl: string;
  pid: number;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `cli.ts` in a separate process on a free port (`--port 0`) with these arguments and
 * resolves once it prints its base URL. The environment's SANDBOX_* settings are left out, so
 * that only the arguments decide the world.
 */
export function spawnSandbox(
  args: string[],
  timeoutMs = 30_000,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<SandboxProcess> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const env = { ...process.env, ...extraEnv };
  for (const key of Object.keys(env)) if (key.startsWith('SANDBOX_')) delete env[key];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/sandbox/src/cli.ts', '--port', '0', ...args],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the sandbox process did not start in ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /pixiv sandbox listening at (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ baseUrl: url, pid: child.pid!, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox process exited (${code}) before listening: ${err}`));
    });
  });
}
