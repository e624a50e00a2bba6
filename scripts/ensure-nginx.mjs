// The several-instances test (packages/server/src/multi-instance.test.ts) runs a real nginx. Make sure
// Debian's nginx is installed: as root with apt-get available we install it; otherwise
// we stop with one sentence that says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

if (!existsSync(NGINX_PATH)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `nginx is missing at ${NGINX_PATH}: install it with "sudo apt-get install nginx" (or set NGINX_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
  console.log(`nginx not found at ${NGINX_PATH}; installing Debian's nginx ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  const ok =
    run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', 'nginx']);
  if (!ok || !existsSync(NGINX_PATH)) {
    console.error('Installing nginx with apt-get failed; see the output above.');
    process.exit(1);
  }
}
