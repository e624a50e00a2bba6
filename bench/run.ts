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
