/**
 * `npm run bench`: builds what it measures, runs every benchmark and writes one JSON file per
 * benchmark into bench/results/. Absolute timings on these machines are noisy; compare ratios
 * within one run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle } from './bundle.ts';
import { measureGrid } from './grid.ts';
import { measureServer } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench/results');

function writeResult(name: string, data: object) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const meta = { benchmark: name, date: new Date().toISOString(), node: process.version };
  writeFileSync(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

const build = spawnSync('npm', ['run', 'build', '-w', '@pv/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const bundle = measureBundle(join(root, 'packages/web/dist'));
writeResult('bundle', bundle);
console.table(bundle.files);
console.log('total gzip bytes before first paint:', bundle.total);

const grid = await measureGrid();
writeResult('grid', { ...grid, dom_bound_ok: grid.grid_dom_elements < 2_000 });
console.table(grid);

const server = await measureServer();
writeResult('server', server);
console.table({
  mirror_cache_hit: server.mirror_cache_hit,
  image_proxy: server.image_proxy,
  nginx_static: server.nginx_static,
});
