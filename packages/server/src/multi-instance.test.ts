/**
 * Several instances (issue 20, README "Several instances"): two server processes sharing a real
 * Redis behind a real nginx running deploy/nginx.conf (ports and paths replaced), upstream a
 * sandbox behind the hostile fixture, which here only counts what reaches pixiv.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@pv/sandbox';
import { startHostileUpstream, type HostileUpstream } from '@pv/sandbox/hostile';
import { startRedis, type RunningRedis } from './test-redis.ts';
import { nginxConfig, startInstance, startNginx } from './test-instances.ts';
import type { Instance, RunningNginx } from './test-instances.ts';

let sandbox: RunningSandbox;
let hostile: HostileUpstream;
let redis: RunningRedis;
let instances: Instance[];
let nginx: RunningNginx;
let ids: number[];

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, warmMedia: false });
  hostile = await startHostileUpstream({ target: sandbox.baseUrl });
  redis = await startRedis();
  const webDist = mkdtempSync(join(tmpdir(), 'pv-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const env = {
    SANDBOX_URL: hostile.baseUrl,
    REDIS_URL: redis.url,
    WEB_DIST: webDist,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  instances = await Promise.all([startInstance(env), startInstance(env)]);
  nginx = await startNginx(
    instances.map((i) => i.port),
    { accessLog: true },
  );
  ids = Array.from(sandbox.state.data.ids.slice(100, 400));
}, 180_000);

afterAll(async () => {
  await nginx?.close();
  await Promise.all((instances ?? []).map((i) => i.kill()));
  await redis?.close();
  await hostile?.close();
  await sandbox?.close();
});

/** Calls that reached the upstream for the detail of `id`. */
const upstreamCalls = (id: number) =>
  hostile.log.filter((l) => new RegExp(`/v1/illust/detail\\?(.*&)?illust_id=${id}(&|$)`).test(l))
    .length;

/** Which instances (`127.0.0.1:port`) finally answered the logged requests for `path`. */
function answeredBy(path: string): Set<string> {
  return new Set(
    readFileSync(nginx.accessLog, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith(`${path}|`))
      .map((l) => l.split('|')[2]!.split(', ').pop()!),
  );
}

/** Open TCP connections from nginx to the instances (/proc/net/tcp: established, to their ports). */
function openToInstances(): number {
  const ports = new Set(instances.map((i) => i.port.toString(16).toUpperCase().padStart(4, '0')));
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[3] === '01' && ports.has(f[2]?.split(':')[1] ?? '')).length;
}

describe('two instances behind nginx with Redis', () => {
  it('the example configuration keeps what the test replaces', () => {
    const conf = nginxConfig({ dir: '/tmp/x', port: 1, instancePorts: [2, 3, 4] });
    expect(conf).toContain('listen 127.0.0.1:1 reuseport;');
    expect(conf.match(/server 127\.0\.0\.1:\d+ /g)).toEqual([
      'server 127.0.0.1:2 ',
      'server 127.0.0.1:3 ',
      'server 127.0.0.1:4 ',
    ]);
    expect(conf).toContain('proxy_next_upstream error timeout;');
  });

  it('50 identical cold requests spread over both cost one upstream call', async () => {
    const id = ids[0]!;
    const path = `/api/pixiv/illust?id=${id}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${nginx.url}${path}`)),
    );
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ illust: { id } });
    expect(upstreamCalls(id)).toBe(1);
    // nginx writes its log line when a request ends: all 50 are logged by now
    expect(answeredBy(path)).toEqual(new Set(instances.map((i) => `127.0.0.1:${i.port}`)));
  });

  it('an answer cached by one instance is served by the other', async () => {
    const id = ids[1]!;
    const path = `/api/pixiv/illust?id=${id}`;
    const first = await fetch(`${instances[0]!.url}${path}`);
    expect(first.headers.get('x-cache-hit')).not.toBe('true');
    const second = await fetch(`${instances[1]!.url}${path}`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache-hit')).toBe('true');
    expect(await second.text()).toBe(await first.text());
    expect(upstreamCalls(id)).toBe(1);
  });

  it('a burst keeps its connections to the instances open for the next one', async () => {
    // A loaded Node process accepts one new connection per turn of its event loop (libuv 1.45+):
    // when nginx keeps fewer idle connections than a busy moment has requests in flight (it
    // kept 64), every burst opens new ones and waits for seconds on a loaded instance.
    const burst = (n: number) =>
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          fetch(`${nginx.url}/api/pixiv/search?word=keepalive-${n}-${i}`).then((r) => r.status),
        ),
      );
    expect(new Set(await burst(1))).toEqual(new Set([200]));
    const open = openToInstances();
    expect(open).toBeGreaterThanOrEqual(150);
    expect(new Set(await burst(2))).toEqual(new Set([200]));
    // the second burst reused them: nginx opened few new ones, if any
    expect(openToInstances()).toBeLessThan(open + 50);
  });

  it('killing one instance mid-load loses no request: nginx retries on the other', async () => {
    const paths = ids.slice(2, 280).map((id) => `/api/pixiv/illust?id=${id}`);
    let done = 0;
    const victim = instances[1]!;
    /** The server's own answer (JSON: a work, or an error in the documented shape), never nginx's
     * HTML 502 page, which is what a request lost with the killed instance gets. */
    const ask = async (path: string) => {
      const res = await fetch(`${nginx.url}${path}`);
      const body = await res.text();
      let ok = true;
      try {
        JSON.parse(body);
      } catch {
        ok = false;
      }
      return { path, status: res.status, ok, body: body.slice(0, 160) };
    };
    const results = await Promise.all([
      ...paths.map(async (path, i) => {
        // a steady stream rather than one burst, so that requests are in flight at the kill
        await new Promise((r) => setTimeout(r, i * 4));
        const result = await ask(path);
        done++;
        return result;
      }),
      (async () => {
        while (done < 60) await new Promise((r) => setTimeout(r, 5));
        await victim.kill('SIGKILL');
        return { path: 'kill', status: 200, ok: true, body: '' };
      })(),
    ]);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    // The works whose load the killed instance had claimed in Redis wait one lease (3 s) on the
    // survivor, then it loads them itself (before leases, 25 s: the test took 28 s instead of 5).
    expect(victim.child.signalCode).toBe('SIGKILL');
    // requests sent after the kill all reach the survivor and are answered
    const after = await Promise.all(
      ids.slice(280, 300).map((id) => ask(`/api/pixiv/illust?id=${id}`)),
    );
    expect(after.filter((r) => !r.ok)).toEqual([]);
    const survivor = `127.0.0.1:${instances[0]!.port}`;
    expect(new Set(after.flatMap((r) => [...answeredBy(r.path)]))).toEqual(new Set([survivor]));
  }, 60_000);
});
