// `npm run typecheck`: every TypeScript program of the repository, each file checked once where
// the compiler options allow it (tsconfig.json explains the split), two programs at a time.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/.bin/tsc');
const PROGRAMS = [
  'tsconfig.json',
  'packages/web/tsconfig.json',
  'e2e/tsconfig.json',
  'packages/web/tsconfig.sw.json',
  'bench/ugoira-page/tsconfig.json',
];

/** Runs one program; its output is printed in one piece when it ends. */
function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(tsc, ['-p', project, '--pretty', 'false'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const queue = [...PROGRAMS];
const lanes = Math.max(1, Math.min(2, availableParallelism()));
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) {
      ok = (await check(project)) && ok;
    }
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
