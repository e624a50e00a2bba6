/**
 * `npm run bench`: builds what it measures, runs every benchmark and writes one JSON file per
 * benchmark into bench/results/. Absolute timings on these machines are noisy; compare ratios
 * within one run. `npm run bench -- grid server` runs only the named ones (bundle, grid, server,
 * sandbox, fuzz, load, firstcard, ugoira).
 * A benchmark whose target is missed still writes its result, and the run then exits 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAndMeasureBundle } from './bundle.ts';
import { measureFirstCard } from './firstcard.ts';
import { firstcardTable } from './firstcard-result.ts';
import { measureFuzz } from './fuzz.ts';
import { GRID_MAX_DOM_ELEMENTS, GRID_TARGET_CARDS, measureGrid } from './grid.ts';
import { measureSandbox } from './sandbox.ts';
import { measureServer } from './server.ts';
import { measureLoad } from './soak.ts';
import { measureUgoira } from './ugoira.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench/results');
const ALL = ['bundle', 'grid', 'server', 'sandbox', 'fuzz', 'load', 'firstcard', 'ugoira'] as const;
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(ALL as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}
const runs = (name: (typeof ALL)[number]) => chosen.length === 0 || chosen.includes(name);
const missed: string[] = [];

function writeResult(name: string, data: object) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const meta = { benchmark: name, date: new Date().toISOString(), node: process.version };
  writeFileSync(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

// Debian's Chromium (not the tests' headless shell) for the benchmarks that drive a browser.
if (runs('grid') || runs('firstcard') || runs('ugoira')) {
  const chromium = spawnSync(
    process.execPath,
    [join(root, 'scripts/ensure-chromium.mjs'), '--browser'],
    {
      stdio: 'inherit',
    },
  );
  if (chromium.status !== 0) process.exit(chromium.status ?? 1);
}

// (the bundle benchmark builds its own, with source maps)
if (runs('grid') || runs('load') || runs('firstcard')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@pv/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (runs('bundle')) {
  const bundle = buildAndMeasureBundle();
  writeResult('bundle', bundle);
  console.table(bundle.files);
  console.table(bundle.by_package);
  console.log('total gzip bytes before first paint:', bundle.total);
  if (!bundle.budget_ok)
    missed.push(
      `bundle: ${bundle.total.gzipBytes} gzip bytes before first paint, over the budget of ${bundle.budget_gzip_bytes}`,
    );
}

if (runs('grid')) {
  const grid = await measureGrid();
  const reached = grid.loaded_cards >= GRID_TARGET_CARDS;
  const bounded = grid.grid_dom_elements < GRID_MAX_DOM_ELEMENTS;
  writeResult('grid', { ...grid, target_reached: reached, dom_bound_ok: bounded });
  console.table(grid);
  if (!reached) missed.push(`grid: only ${grid.loaded_cards} of ${GRID_TARGET_CARDS} cards loaded`);
  if (!bounded)
    missed.push(
      `grid: ${grid.grid_dom_elements} DOM elements, the bound is ${GRID_MAX_DOM_ELEMENTS}`,
    );
}

if (runs('firstcard')) {
  const firstcard = await measureFirstCard();
  writeResult('firstcard', firstcard);
  console.table(firstcardTable(firstcard.pages));
  for (const goal of firstcard.goals.missed) missed.push(`firstcard: ${goal}`);
}

if (runs('ugoira')) {
  const ugoira = await measureUgoira();
  writeResult('ugoira', ugoira);
  const { gif_speedup_vs_gifjs, ours_gif_ms, gifjs_ms, gif_mean_error, gifjs_mean_error } = ugoira;
  console.table({ gif_speedup_vs_gifjs, ours_gif_ms, gifjs_ms, gif_mean_error, gifjs_mean_error });
  const { webm_ms, mp4_ms, load_average_1m, outside_cpu_share, steal_share } = ugoira;
  console.table({ webm_ms, mp4_ms, load_average_1m, outside_cpu_share, steal_share });
  if (!ugoira.comparable)
    console.log(
      `ugoira: not comparable with a quiet machine's figures: other processes took ${Math.round(outside_cpu_share * 100)} % of the CPU during the run, on ${ugoira.cores} cores`,
    );
  for (const goal of ugoira.goals.missed) missed.push(`ugoira: ${goal}`);
}

if (runs('server')) {
  const server = await measureServer();
  writeResult('server', server);
  console.table(
    Object.fromEntries(
      (
        [
          'mirror_cache_hit',
          'nginx_json',
          'bare_node_json',
          'bare_node_same_head',
          'image_proxy',
          'nginx_image',
          'mirror_cache_hit_log_warn',
          'generator_ceiling',
        ] as const
      ).map((name) => {
        const { rps, p50_ms, p99_ms, non_2xx } = server[name];
        return [name, { rps, p50_ms, p99_ms, non_2xx }];
      }),
    ),
  );
  console.log(
    'ratio to bare node:http (goal on mirror_cache_hit):',
    server.ratio_to_bare_node,
    'each round:',
    server.rounds_ratio_to_bare_node,
    'p99 over bare node:http:',
    server.p99_over_bare_node,
    'ratio to nginx:',
    server.ratio_to_nginx,
    'log info/warn:',
    server.log_info_over_warn,
    'to a bare server with the same head (information):',
    server.ratio_to_bare_node_same_head,
  );
  for (const goal of server.goals.missed) missed.push(`server: ${goal}`);
}

if (runs('sandbox')) {
  const sandbox = await measureSandbox();
  writeResult('sandbox', sandbox);
  console.table(sandbox.runs);
  console.table({ in_process: sandbox.in_process, image_index: sandbox.image_index });
}

if (runs('fuzz')) {
  const fuzz = await measureFuzz();
  writeResult('fuzz', fuzz);
  console.table({
    seed: fuzz.seed,
    requests: fuzz.requests,
    status_5xx: fuzz.status_5xx,
    findings: fuzz.findings,
  });
  if (fuzz.findings > 0) missed.push(`fuzz: ${fuzz.findings} findings with seed ${fuzz.seed}`);
}

if (runs('load')) {
  const load = await measureLoad();
  writeResult('load', load);
  for (const kind of ['single', 'instances'] as const) {
    const r = load[kind];
    if (!r) continue;
    console.table({ mix: r.mix, mix_open: r.mix_open, hits_open: r.hits_open, unique: r.unique });
    console.log(`${kind}: p99 over the bare node:http server's`, r.p99_over_bare_node);
    console.table({ [kind]: r.rss_mb });
    // after a garbage collection: what the heap and each cache hold, at the start and after
    console.table({
      start: { heap_used_mb: r.memory.start.heap_used_mb, ...r.memory.start.caches_mb },
      after: {
        heap_used_mb: r.memory.after_settle.heap_used_mb,
        ...r.memory.after_settle.caches_mb,
      },
      later: { heap_used_mb: r.memory.later.heap_used_mb, ...r.memory.later.caches_mb },
    });
    if (!r.goals.errors_ok)
      missed.push(
        `load (${kind}): ${r.mix.errors + r.mix_open.errors + r.hits_open.errors + r.unique.errors} errors`,
      );
    if (!r.goals.p99_hit_open_ok)
      missed.push(
        `load (${kind}): p99 ${r.hits_open.p99_ms} ms on cached hits with connections open first, ${r.p99_over_bare_node.hits_open}× the floor's ${load.floor[r.hits_open_floor]?.p99_ms} ms on the same bytes (${r.hits_open_floor}; the goal is ≤ ${load.goals.p99_open_over_bare_node}×)`,
      );
    if (!r.goals.rss_back_ok)
      missed.push(
        `load (${kind}): RSS ${r.rss_mb.after_settle} MB after, ${r.rss_mb.start} MB at start`,
      );
  }
  console.log('the floor: the same connections on a bare node:http server and on nginx');
  console.table(load.floor);
}

if (missed.length > 0) {
  console.error(`targets missed:\n  ${missed.join('\n  ')}`);
  process.exit(1);
}
