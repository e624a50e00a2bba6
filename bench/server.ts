/**
 * The server benchmark (issue 17, "honest server bench"): Debian's `wrk` (a C load generator,
 * installed with apt-get where missing, as nginx is) loads, with the rate limit off and the log at
 * info as a self-hoster runs it,
 * - a cache-hit mirror call (`/api/pixiv/illust`) against nginx serving the very same JSON bytes,
 * - an image through `/i/*` against nginx serving the very same image,
 * - the same mirror call on a second server at LOG_LEVEL=warn (what the request log costs),
 * - a bare node:http server answering the same JSON bytes (bare-node.ts: the runtime's own
 *   ceiling, which no Node server passes),
 * - the same bare server answering with the hit's own head too (`bare_node_same_head`: its
 *   seventeen headers, which the conformance and security rules ask for, as one fixed list),
 * - and nginx's empty 204, the ceiling of the generator on this machine.
 * Each contender first gets an unmeasured warm-up (WARMUP_S seconds: the JIT, the sockets, the
 * caches), then contenders alternate, ROUNDS rounds, each measured run after REWARM_S seconds of
 * the same load not counted, and each figure is the median round. Only 2xx answers
 * count (wrk's Lua `done` reports the rest as status errors). The sandbox, the servers and nginx
 * each run as their own process. Goals (issue 37: ratios to a floor measured in the same run):
 * cache-hit rate at the default log level (info) ≥ 0.8× the bare node:http server's on the same
 * bytes (`ratio_to_bare_node`, `ratio_to_bare_node_ok`), its p99 ≤ 1.5× the bare server's
 * (`p99_over_bare_node`, `p99_ok`), each the median of the rounds' ratios; no non-2xx answer
 * (`non_2xx_ok`); the absolute figures and nginx's stay as information. run.ts exits 1 when one
 * is missed. Writes `server.json` through run.ts.
 */
import { waitFor } from './app.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, openSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { latestRankingDay } from '@pv/sandbox';
import { startBareNode } from './bare-node.ts';
import { writeStaticNginxConf } from './nginx-static.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const WRK = process.env.WRK_PATH || '/usr/bin/wrk';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The unmeasured warm-up of each contender before the rounds (0: none). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/**
 * The unmeasured run of the same load right before each measured one (0: none). A server idles
 * while the other contenders run; once the run before has closed its connections, V8's memory
 * reducer can collect the whole heap in that idle time, and with it throw away every optimised
 * function that held one of those connections' objects (`--trace-deopt`, "weak objects": some 75
 * at once, the hit's whole path). The next run then began in the interpreter: its rate up to a
 * fifth down and its p99 at 4–10 ms, in the last rounds of each of four runs (stop 62); the bare
 * server never collected its whole heap (`--trace-gc`). A second of the same load compiles the
 * path again, for every contender alike.
 */
const REWARM_S = Number(process.env.BENCH_REWARM_S ?? 1);
/** How long the sandbox and the servers may take to start (tsx compiles them; slow when loaded). */
const START_TIMEOUT_MS = 180_000;
/**
 * The goals (issue 37: ratios to a floor measured in the same run): the cache hit's rate over the
 * bare node:http server's, and its p99 over the bare server's p99.
 */
export const GOAL_RATIO_TO_BARE_NODE = 0.8;
export const GOAL_P99_OVER_BARE_NODE = 1.5;

/** One contender's figures (the median round by rate). */
export interface WrkResult {
  url: string;
  /** 2xx answers per second. */
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  /** Answers that were not 2xx, and socket errors and timeouts. */
  non_2xx: number;
  socket_errors: number;
  /** Every round's rate, in the order run. */
  rounds_rps: number[];
}

export interface ServerBenchResult {
  generator: string;
  connections: number;
  threads: number;
  duration_s: number;
  rounds: number;
  /** Seconds of unmeasured load each contender got before the rounds. */
  warmup_s: number;
  /** Seconds of unmeasured load before each measured run. */
  rewarm_s: number;
  mirror_cache_hit: WrkResult;
  nginx_json: WrkResult;
  image_proxy: WrkResult;
  nginx_image: WrkResult;
  mirror_cache_hit_log_warn: WrkResult;
  bare_node_json: WrkResult;
  /** Information: the bare server answering with a hit's whole head (the same bytes on the wire). */
  bare_node_same_head: WrkResult;
  generator_ceiling: WrkResult;
  /**
   * The cache hit's rate over the bare node:http server's, at info and at warn (the goal: info):
   * the median of the rounds' ratios, each between runs next to each other in time.
   */
  ratio_to_bare_node: { mirror_cache_hit: number; mirror_cache_hit_log_warn: number };
  /** Each round's ratio of the rates at info. */
  rounds_ratio_to_bare_node: number[];
  /**
   * Information: the rates over the bare server's that sends the hit's whole head, and that
   * server's over the bare one's: what the headers alone cost a server that does nothing else.
   */
  ratio_to_bare_node_same_head: {
    mirror_cache_hit: number;
    mirror_cache_hit_log_warn: number;
    bare_node_same_head_over_bare_node: number;
  };
  /** The cache hit's p99 at info over the bare server's, the median of the rounds' ratios. */
  p99_over_bare_node: number;
  /** Information: each rate over nginx's on the same bytes. */
  ratio_to_nginx: { mirror_cache_hit: number; image_proxy: number; bare_node_json: number };
  /** The mirror's rate at info over its rate at warn: what the request log costs. */
  log_info_over_warn: number;
  ratio_to_bare_node_ok: boolean;
  p99_ok: boolean;
  non_2xx_ok: boolean;
  goals: {
    ratio_to_bare_node: number;
    p99_over_bare_node: number;
    met: boolean;
    missed: string[];
  };
}

/** wrk's Lua: at the end, one JSON line with the counts and the latency percentiles (µs). */
const REPORT_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A Debian package's program, installed with apt-get where missing (as root), like the Redis tests do. */
function ensureProgram(path: string, pkg: string): void {
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    isRoot &&
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
      stdio: 'inherit',
      env,
    }).status === 0;
  if (!ok || !existsSync(path))
    throw new Error(`${pkg} is missing at ${path}: install it with "apt-get install ${pkg}"`);
}

interface WrkRound {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non_2xx: number;
  socket_errors: number;
}

/**
 * Writes the page cache's dirty pages to disk before a run. The server at info logs about 250 MB in
 * a bench (one line a hit, to a file as a self-hoster's), and the kernel writes such a file back
 * some 30 s after it was written, in bursts: 66–93 MB at once every ~40 s on this machine (vmstat,
 * stop 62), during whichever contender's run was under way. Each run now starts with nothing
 * waiting to be written, and its own lines wait past its few seconds.
 */
function settleDisk(): void {
  spawnSync('sync', [], { stdio: 'ignore' });
}

function runWrk(url: string, script: string, seconds = DURATION_S): WrkRound {
  settleDisk();
  const res = spawnSync(
    WRK,
    [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '5s', '-s', script, url],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const line = res.stdout.split('\n').find((l) => l.startsWith('{"requests"'));
  if (res.status !== 0 || !line)
    throw new Error(`wrk failed on ${url}: ${res.stderr}${res.stdout}`);
  const r = JSON.parse(line) as Record<string, number>;
  const ok = r.requests! - r.status!;
  return {
    rps: Math.round(ok / (r.duration_us! / 1e6)),
    p50_ms: Number((r.p50_us! / 1000).toFixed(2)),
    p99_ms: Number((r.p99_us! / 1000).toFixed(2)),
    requests: r.requests!,
    non_2xx: r.status!,
    socket_errors: r.connect! + r.read! + r.write! + r.timeout!,
  };
}

/** The median round by rate, with every round's rate. */
function median(url: string, rounds: WrkRound[]): WrkResult {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  return { url, ...mid, rounds_rps: rounds.map((r) => r.rps) };
}

export async function measureServer(): Promise<ServerBenchResult> {
  ensureProgram(NGINX, 'nginx');
  ensureProgram(WRK, 'wrk');
  const dir = mkdtempSync(join(tmpdir(), 'pv-bench-server-'));
  // nginx's workers run as an unprivileged user when started as root: they must read the files
  chmodSync(dir, 0o755);
  const script = join(dir, 'report.lua');
  writeFileSync(script, REPORT_LUA);
  const children: ChildProcess[] = [];
  const start = (args: string[], env: Record<string, string> = {}, log?: string) => {
    const child = spawn(args[0]!, args.slice(1), {
      cwd: root,
      env: { ...process.env, ...env },
      // the servers log into a file of their own, as a self-hoster's do (not to /dev/null)
      stdio: ['ignore', log ? openSync(join(dir, log), 'w') : 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  };
  try {
    const [sandboxPort, serverPort, quietPort, nginxPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const sandbox = `http://127.0.0.1:${sandboxPort}`;
    const server = `http://127.0.0.1:${serverPort}`;
    const quiet = `http://127.0.0.1:${quietPort}`;
    start([
      process.execPath,
      '--import',
      'tsx',
      'packages/sandbox/src/cli.ts',
      '--port',
      String(sandboxPort),
      '--no-warm-media',
    ]);
    await waitFor(`${sandbox}/app-api.pixiv.net/v1/walkthrough/illusts`, START_TIMEOUT_MS, 200);
    const webDist = join(dir, 'web');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const [port, level] of [
      [serverPort, 'info'],
      [quietPort, 'warn'],
    ] as const) {
      start(
        [process.execPath, '--import', 'tsx', 'packages/server/src/main.ts'],
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          SANDBOX_URL: sandbox,
          LOG_LEVEL: level,
          RATE_LIMIT_PER_MINUTE: '0',
          WEB_DIST: webDist,
        },
        `server-${level}.log`,
      );
    }
    await waitFor(`${server}/api/config`, START_TIMEOUT_MS, 200);
    await waitFor(`${quiet}/api/config`, START_TIMEOUT_MS, 200);

    // one work: its detail (a cache hit after the first call) and its medium image, on the
    // latest day the sandbox has published
    const day = latestRankingDay(Date.now());
    const rank = (await (await fetch(`${server}/api/pixiv/rank?mode=day&date=${day}`)).json()) as {
      illusts?: { id: number; image_urls: { medium: string } }[];
    };
    // a work every viewer sees (a withheld one carries s.pximg.net placeholders)
    const work = rank.illusts?.find((i) => i.image_urls.medium.startsWith('https://i.pximg.net/'));
    if (!work)
      throw new Error(`the ranking of ${day} has no work to measure: ${JSON.stringify(rank)}`);
    const mirrorPath = `/api/pixiv/illust?id=${work.id}`;
    // identity, as wrk asks: the bytes a hit writes
    let json = Buffer.alloc(0);
    // the hit's head as the bare server repeats it (node writes these four itself)
    const head: string[] = [];
    const nodeWrites = new Set(['content-length', 'date', 'connection', 'keep-alive']);
    for (const base of [server, quiet]) {
      await fetch(`${base}${mirrorPath}`, { headers: { 'accept-encoding': 'identity' } });
      const hit = await fetch(`${base}${mirrorPath}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      if (hit.headers.get('x-cache-hit') !== 'true')
        throw new Error('the mirror call is not a hit');
      json = Buffer.from(await hit.arrayBuffer());
      head.length = 0;
      hit.headers.forEach((value, name) => {
        if (!nodeWrites.has(name)) head.push(name, value);
      });
    }
    const imageUrl = `${server}/i/${work.image_urls.medium.replace('https://i.pximg.net/', '')}`;
    const image = Buffer.from(await (await fetch(imageUrl)).arrayBuffer());

    // nginx serving the same bytes as static files, and an empty 204 for the generator's ceiling
    const www = join(dir, 'www');
    mkdirSync(www);
    writeFileSync(join(www, 'image.jpg'), image);
    writeFileSync(join(www, 'illust.json'), json);
    const conf = writeStaticNginxConf({
      dir,
      www,
      port: nginxPort,
      workerConnections: 1024,
      types: 'types { image/jpeg jpg; application/json json; }',
      server: 'location = /empty { return 204; }',
    });
    start([NGINX, '-c', conf, '-p', dir]);
    const nginx = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${nginx}/image.jpg`, 10_000, 200);

    const barePort = await freePort();
    children.push(startBareNode(join(www, 'illust.json'), barePort));
    const bare = `http://127.0.0.1:${barePort}`;
    await waitFor(`${bare}/`, 10_000, 200);
    const sameHeadPort = await freePort();
    children.push(startBareNode(join(www, 'illust.json'), sameHeadPort, head));
    const bareSameHead = `http://127.0.0.1:${sameHeadPort}`;
    await waitFor(`${bareSameHead}/`, 10_000, 200);

    // the cache hit at info, the bare server and the hit at warn next to each other, forwards or
    // backwards: each round's ratios compare runs a few seconds apart (this machine's speed
    // drifts by a third within a minute)
    const contenders = {
      mirror_cache_hit: `${server}${mirrorPath}`,
      bare_node_json: `${bare}/`,
      mirror_cache_hit_log_warn: `${quiet}${mirrorPath}`,
      bare_node_same_head: `${bareSameHead}/`,
      nginx_json: `${nginx}/illust.json`,
      image_proxy: imageUrl,
      nginx_image: `${nginx}/image.jpg`,
      generator_ceiling: `${nginx}/empty`,
    };
    type Name = keyof typeof contenders;
    const names = Object.keys(contenders) as Name[];
    const rounds = Object.fromEntries(names.map((n) => [n, [] as WrkRound[]])) as Record<
      Name,
      WrkRound[]
    >;
    if (WARMUP_S > 0)
      for (const name of names) {
        const warm = runWrk(contenders[name], script, WARMUP_S);
        console.log(`server bench warm-up: ${name} ${warm.rps}/s (not counted)`);
      }
    for (let round = 0; round < ROUNDS; round++) {
      // alternate: each round in turn, and every other round backwards, so no contender always
      // runs right after the same one
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        if (REWARM_S > 0) runWrk(contenders[name], script, REWARM_S);
        const figures = runWrk(contenders[name], script);
        rounds[name].push(figures);
        console.log(
          `server bench round ${round + 1}: ${name} ${figures.rps}/s p99 ${figures.p99_ms} ms`,
        );
      }
    }
    const r = Object.fromEntries(names.map((n) => [n, median(contenders[n], rounds[n])])) as Record<
      Name,
      WrkResult
    >;
    const ratio = {
      mirror_cache_hit: Number((r.mirror_cache_hit.rps / r.nginx_json.rps).toFixed(3)),
      image_proxy: Number((r.image_proxy.rps / r.nginx_image.rps).toFixed(3)),
      bare_node_json: Number((r.bare_node_json.rps / r.nginx_json.rps).toFixed(3)),
    };
    const perRound = (a: Name, b: Name, figure: 'rps' | 'p99_ms') =>
      rounds[a].map((round, i) => round[figure] / rounds[b][i]![figure]);
    const medianOf = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(3));
    };
    const roundsToBare = perRound('mirror_cache_hit', 'bare_node_json', 'rps');
    const toBare = {
      mirror_cache_hit: medianOf(roundsToBare),
      mirror_cache_hit_log_warn: medianOf(
        perRound('mirror_cache_hit_log_warn', 'bare_node_json', 'rps'),
      ),
    };
    const p99OverBare = medianOf(perRound('mirror_cache_hit', 'bare_node_json', 'p99_ms'));
    const toSameHead = {
      mirror_cache_hit: medianOf(perRound('mirror_cache_hit', 'bare_node_same_head', 'rps')),
      mirror_cache_hit_log_warn: medianOf(
        perRound('mirror_cache_hit_log_warn', 'bare_node_same_head', 'rps'),
      ),
      bare_node_same_head_over_bare_node: medianOf(
        perRound('bare_node_same_head', 'bare_node_json', 'rps'),
      ),
    };
    const missed: string[] = [];
    const ratioOk = toBare.mirror_cache_hit >= GOAL_RATIO_TO_BARE_NODE;
    if (!ratioOk)
      missed.push(
        `cache-hit rate ${toBare.mirror_cache_hit}× the bare node:http server's, the goal is ≥ ${GOAL_RATIO_TO_BARE_NODE}`,
      );
    const p99Ok = p99OverBare <= GOAL_P99_OVER_BARE_NODE;
    if (!p99Ok)
      missed.push(
        `cache-hit p99 ${p99OverBare}× the bare node:http server's, the goal is ≤ ${GOAL_P99_OVER_BARE_NODE}×`,
      );
    let non2xxOk = true;
    for (const name of names) {
      if (r[name].non_2xx > 0 || r[name].socket_errors > 0) {
        non2xxOk = false;
        missed.push(
          `${name}: ${r[name].non_2xx} non-2xx answers, ${r[name].socket_errors} socket errors`,
        );
      }
    }
    return {
      generator: spawnSync(WRK, ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? 'wrk',
      connections: CONNECTIONS,
      threads: THREADS,
      duration_s: DURATION_S,
      rounds: ROUNDS,
      warmup_s: WARMUP_S,
      rewarm_s: REWARM_S,
      ...r,
      ratio_to_bare_node: toBare,
      rounds_ratio_to_bare_node: roundsToBare.map((r) => Number(r.toFixed(3))),
      ratio_to_bare_node_same_head: toSameHead,
      p99_over_bare_node: p99OverBare,
      ratio_to_nginx: ratio,
      log_info_over_warn: medianOf(
        perRound('mirror_cache_hit', 'mirror_cache_hit_log_warn', 'rps'),
      ),
      ratio_to_bare_node_ok: ratioOk,
      p99_ok: p99Ok,
      non_2xx_ok: non2xxOk,
      goals: {
        ratio_to_bare_node: GOAL_RATIO_TO_BARE_NODE,
        p99_over_bare_node: GOAL_P99_OVER_BARE_NODE,
        met: missed.length === 0,
        missed,
      },
    };
  } finally {
    for (const child of children.reverse()) child.kill('SIGTERM');
  }
}
