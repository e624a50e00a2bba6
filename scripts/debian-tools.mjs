// The tests run real programs from Debian's packages (Chromium, redis-server, ffmpeg, nginx,
// jing). `ensureDebianTools` installs the missing ones with one apt-get run when we are root and
// apt-get is there; otherwise it stops with one sentence per tool that says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @typedef {object} DebianTool
 * @property {string} name what the tool is called in messages
 * @property {string[]} packages the Debian packages that provide it
 * @property {() => boolean} present whether it is usable now
 * @property {string} [override] the environment variable that points at another copy
 */

/** Installs every tool of `tools` that is not present; exits the process when that fails. */
export function ensureDebianTools(tools) {
  const missing = tools.filter((t) => !t.present());
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // a tool pointed at by its variable is the user's own copy: never replaced by a package
  const own = missing.filter((t) => t.override && process.env[t.override]);
  if (!isRoot || !existsSync('/usr/bin/apt-get') || own.length > 0) {
    for (const t of own.length > 0 ? own : missing) {
      console.error(
        `${t.name} is missing: install it with "sudo apt-get install ${t.packages.join(' ')}"` +
          (t.override ? ` (or set ${t.override})` : '') +
          ', then run the tests again.',
      );
    }
    process.exit(1);
  }
  const packages = missing.flatMap((t) => t.packages);
  console.log(`installing Debian's ${packages.join(', ')} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  const ok =
    run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
  const still = missing.filter((t) => !t.present());
  if (!ok || still.length > 0) {
    console.error(
      `Installing ${still.map((t) => t.name).join(', ') || packages.join(', ')} with apt-get failed; see the output above.`,
    );
    process.exit(1);
  }
}

/** A tool that is a file at a fixed path (or at the path its variable gives). */
export const fileAt = (path) => () => existsSync(path);

/** A tool that runs with `args` and exits 0. */
export const runs = (command, args) => () =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;
