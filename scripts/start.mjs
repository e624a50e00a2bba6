// `npm start`: build the SPA when its sources are newer than the build, then run the server.
// With no upstream configured, the server starts the embedded pixiv sandbox (see README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'packages/web');
const builtIndex = join(webDir, 'dist/index.html');

/** Newest modification time (ms) of any file below `path`, skipping node_modules and dist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = [webDir, join(root, 'packages/core/src'), join(root, 'package-lock.json')];
  return Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (packages/web) ...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@pv/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'packages/server/src/main.ts')],
  { cwd: root, stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
