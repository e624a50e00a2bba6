// The shared-cache tests run against a real redis-server that they start themselves. Make sure
// Debian's redis-server is installed: as root with apt-get available we install it; otherwise
// we stop with one sentence that says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server';

if (!existsSync(REDIS_SERVER_PATH)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `redis-server is missing at ${REDIS_SERVER_PATH}: install it with "sudo apt-get install redis-server" (or set REDIS_SERVER_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
  console.log(
    `redis-server not found at ${REDIS_SERVER_PATH}; installing Debian's redis-server ...`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  const ok =
    run(['update', '-qq']) &&
    run(['install', '-y', '-qq', '--no-install-recommends', 'redis-server']);
  if (!ok || !existsSync(REDIS_SERVER_PATH)) {
    console.error('Installing redis-server with apt-get failed; see the output above.');
    process.exit(1);
  }
}
