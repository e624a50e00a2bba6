/**
 * Several server instances behind nginx, as deploy/nginx.conf runs them (issue 20): each instance
 * its own process (`node --import tsx packages/server/src/main.ts`, as `npm start` runs it), and
 * Debian's nginx with the repository's example configuration, its ports and paths replaced. Used
 * by multi-instance.test.ts and by `npm run bench -- load` (bench/soak.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { startRedis } from './test-redis.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const NGINX_EXAMPLE = join(ROOT, 'deploy/nginx.conf');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

export interface Instance {
  port: number;
  url: string;
  pid: number;
  child: ChildProcess;
  /** Stops the process (SIGKILL: a crash) and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** One server process with `env` on top of the caller's environment, ready when it answers. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/config`, 90_000, child);
  return {
    port,
    url,
    pid: child.pid!,
    child,
    kill: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Debian's nginx, installed with apt-get where missing (as root), as the Redis tests do. */
export function ensureNginx(): void {
  if (existsSync(NGINX_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    isRoot &&
    existsSync('/usr/bin/apt-get') &&
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], {
      stdio: 'inherit',
      env,
    }).status === 0;
  if (!ok || !existsSync(NGINX_PATH))
    throw new Error(
      `nginx is missing at ${NGINX_PATH}: install it with "apt-get install nginx" (or set NGINX_PATH)`,
    );
}

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`deploy/nginx.conf no longer has ${String(from)}`);
  return text.replace(from, to);
}

/**
 * deploy/nginx.conf for a run on loopback: in the foreground, its pid, logs and temporary files
 * in `dir`, listening on `port`, the instances' ports in its upstream block, `workers` processes;
 * with `accessLog`, every request logged with the instance that answered it.
 */
export function nginxConfig(options: {
  template?: string;
  dir: string;
  port: number;
  instancePorts: number[];
  workers?: number;
  accessLog?: string;
}): string {
  const { dir } = options;
  let conf = options.template ?? readFileSync(NGINX_EXAMPLE, 'utf8');
  conf = replaceOnce(
    conf,
    'worker_processes auto;',
    `daemon off;\nworker_processes ${options.workers ?? 1};`,
  );
  conf = replaceOnce(conf, /pid [^;]+;/, `pid ${dir}/nginx.pid;`);
  conf = replaceOnce(conf, /error_log [^;]+;/, `error_log ${dir}/error.log warn;`);
  conf = replaceOnce(
    conf,
    /(\n\s*server 127\.0\.0\.1:\d+[^;]*;)+/,
    options.instancePorts
      .map((p) => `\n    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`)
      .join(''),
  );
  conf = replaceOnce(conf, /listen 80 reuseport;/, `listen 127.0.0.1:${options.port} reuseport;`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${dir}/${t};`)
    .join('\n');
  const log = options.accessLog
    ? `  log_format upstream '$request_uri|$status|$upstream_addr|$upstream_status';\n  access_log ${options.accessLog} upstream;`
    : '  access_log off;';
  conf = replaceOnce(conf, '  access_log off;', `${temp}\n${log}`);
  return conf;
}

export interface RunningNginx {
  url: string;
  pid: number;
  dir: string;
  accessLog: string;
  close(): Promise<void>;
}

/** nginx in front of the instances on `instancePorts`, with deploy/nginx.conf. */
export async function startNginx(
  instancePorts: number[],
  options: { workers?: number; accessLog?: boolean } = {},
): Promise<RunningNginx> {
  ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'pv-nginx-'));
  // nginx's workers run as an unprivileged user when started as root
  chmodSync(dir, 0o755);
  const port = await freePort();
  const accessLog = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    nginxConfig({
      dir,
      port,
      instancePorts,
      workers: options.workers,
      accessLog: options.accessLog ? accessLog : undefined,
    }),
  );
  const child = spawn(NGINX_PATH, ['-c', join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/config`, 15_000, child);
  return {
    url,
    pid: child.pid!,
    dir,
    accessLog,
    close: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
      }),
  };
}
