// Browser tests drive Debian's Chromium through playwright-core. Make sure it is installed:
// as root with apt-get available we install it (package `chromium`, plus CJK fonts so Japanese
// titles render); otherwise we stop with one sentence that says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(cmd, args) {
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}: install Debian's package with "sudo apt-get install chromium" (or set CHROMIUM_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
  console.log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's chromium package ...`);
  const ok =
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', [
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium',
      'fonts-noto-cjk',
    ]);
  if (!ok || !existsSync(CHROMIUM_PATH)) {
    console.error('Installing chromium with apt-get failed; see the output above.');
    process.exit(1);
  }
}
