/**
 * Temporary working folders of the media encoders (the sandbox's HLS loops, the server's ugoira
 * MP4s). Each is named `pv-<kind>-<pid>-XXXXXX`, removed when its work ends, and every one still
 * open is removed when the process exits (the mains turn SIGINT/SIGTERM into an exit), after the
 * encoders writing into them are killed, so none is left by a stop mid-encode. What a killed
 * process (SIGKILL, a crash) left behind is swept at the next start: folders of processes that
 * no longer run.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const open = new Set<string>();
/** Encoders writing into those folders: stopped first at exit, or they would refill them. */
const writers = new Set<ChildProcess>();
let hooked = false;

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', removeOpenSync);
}

/** Kinds of folder these helpers make and sweep. */
export type TempDirKind = 'hls' | 'ugoira';
const KINDS: readonly TempDirKind[] = ['hls', 'ugoira'];

function removeOpenSync(): void {
  for (const writer of writers) writer.kill('SIGKILL');
  writers.clear();
  for (const dir of open) {
    try {
      // an encoder still writing its last segment can refill a folder while it goes: retry
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    } catch {
      // the next start's sweep takes it (its pid will not run then)
    }
  }
  open.clear();
}

/** A new empty folder for one job of `kind`; give it back with removeTempDir. */
export async function makeTempDir(kind: TempDirKind, root = tmpdir()): Promise<string> {
  hookExit();
  // made and registered in one step: an exit can never fall between the folder and its entry
  const dir = mkdtempSync(join(root, `pv-${kind}-${process.pid}-`));
  open.add(dir);
  return dir;
}

/**
 * A child process that writes into a folder of makeTempDir: killed when this process exits
 * (a child outlives its parent otherwise, and goes on writing into the removed folder).
 */
export function killOnExit(child: ChildProcess): void {
  hookExit();
  if (child.exitCode !== null || child.signalCode !== null) return;
  writers.add(child);
  child.once('exit', () => writers.delete(child));
}

/** Removes a folder made by makeTempDir (never throws for a missing one). */
export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  // only once it is gone: an exit during the removal still removes it
  open.delete(dir);
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders of the naming before the pid was in it, kept this long in case their job still runs. */
const UNOWNED_GRACE_MS = 3_600_000;

/**
 * Removes what stopped processes left in `root`: `pv-<kind>-<pid>-*` of a pid that no longer
 * runs, and pid-less `pv-<kind>-XXXXXX` (the older naming) untouched for an hour. Returns the
 * removed paths.
 */
export function sweepStaleTempDirs(root = tmpdir(), now = Date.now()): string[] {
  const owned = new RegExp(`^pv-(?:${KINDS.join('|')})-(\\d+)-[\\w]{6}$`);
  const unowned = new RegExp(`^pv-(?:${KINDS.join('|')})-[\\w]{6}$`);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    const path = join(root, name);
    const pid = owned.exec(name)?.[1];
    let stale = pid !== undefined && Number(pid) !== process.pid && !running(Number(pid));
    if (!stale && unowned.test(name)) {
      try {
        stale = now - statSync(path).mtimeMs > UNOWNED_GRACE_MS;
      } catch {
        stale = false;
      }
    }
    if (!stale) continue;
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/** For tests: a folder like makeTempDir's, of another pid. */
export function tempDirOf(kind: TempDirKind, pid: number, root = tmpdir()): string {
  return mkdtempSync(join(root, `pv-${kind}-${pid}-`));
}
