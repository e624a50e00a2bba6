import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSandbox } from '../test-helpers.ts';
import { makeTempDir, removeTempDir, sweepStaleTempDirs, tempDirOf } from './temp-dirs.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function endedPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('temporary folders', () => {
  it('sweeps the folders of ended processes and old unnamed ones, never a running one', async () => {
    root = mkdtempSync(join(tmpdir(), 'pv-sweep-test-'));
    const dead = tempDirOf('hls', endedPid(), root);
    const mine = await makeTempDir('ugoira', root);
    const parent = tempDirOf('hls', process.ppid, root);
    const oldUnnamed = mkdtempSync(join(root, 'pv-hls-'));
    const newUnnamed = mkdtempSync(join(root, 'pv-ugoira-'));
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(oldUnnamed, hourAgo, hourAgo);
    const other = mkdtempSync(join(root, 'pv-web-'));
    expect(sweepStaleTempDirs(root).sort()).toEqual([dead, oldUnnamed].sort());
    for (const kept of [mine, parent, newUnnamed, other]) expect(existsSync(kept)).toBe(true);
    await removeTempDir(mine);
    expect(existsSync(mine)).toBe(false);
  });

  it('none survives a SIGTERM of the sandbox in the middle of its encodes', async () => {
    root = mkdtempSync(join(tmpdir(), 'pv-sigterm-test-'));
    // warm media starts the four HLS encodes at once, each in a folder of its own
    const sandbox = await spawnSandbox([], 60_000, { TMPDIR: root });
    const ours = () => readdirSync(root).filter((n) => n.startsWith(`pv-hls-${sandbox.pid}-`));
    await expect.poll(() => ours().length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    await sandbox.stop();
    expect(ours()).toEqual([]);
    // a sandbox process of its own: up to 60 s to start (spawnSandbox), 30 s for its encodes
  }, 100_000);
});
