import { execFileSync } from 'node:child_process';

/**
 * The commit a build is made from (About shows it beside the version label), for Vite's
 * `define` as `__BUILD_COMMIT__`. PV_BUILD_COMMIT names it where the sources are no git checkout
 * (a release tarball, a container build); without either it is '' and About shows the label alone.
 */
export function buildCommit(cwd: string): string {
  const given = process.env.PV_BUILD_COMMIT?.trim();
  if (given) return /^[0-9a-f]{7,40}$/i.test(given) ? given.slice(0, 10) : '';
  try {
    const out = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], {
      cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    });
    const commit = out.toString().trim();
    return /^[0-9a-f]{7,40}$/.test(commit) ? commit : '';
  } catch {
    // no git, or no repository here: the build goes on without a commit
    return '';
  }
}
