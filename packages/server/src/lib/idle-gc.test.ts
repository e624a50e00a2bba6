import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IdleGc, MIN_GROWTH_BYTES, QUIET_UTILISATION } from './idle-gc.ts';

const MB = 1024 * 1024;

/** An IdleGc on a heap and an event loop the test sets second by second. */
function rig(quietSeconds = 5) {
  const state = { heap: 80 * MB, busy: 0, afterGc: 45 * MB, gcs: 0 };
  const collected: [number, number][] = [];
  const idle = new IdleGc({
    quietSeconds,
    heapBytes: () => state.heap,
    utilisation: () => state.busy,
    gc: () => {
      state.gcs++;
      state.heap = state.afterGc;
    },
    onCollect: (before, after) => collected.push([before, after]),
  });
  /** `n` seconds at the current figures; the ticks that collected. */
  const seconds = (n: number) =>
    Array.from({ length: n }, (_, i) => (idle.tick() ? i + 1 : 0)).filter(Boolean);
  return { state, idle, collected, seconds };
}

describe('IdleGc', () => {
  it('collects a heap a burst grew once the loop has been quiet for the set seconds', () => {
    const { state, idle, collected, seconds } = rig(5);
    state.busy = 0.9;
    state.heap = 130 * MB;
    expect(seconds(10)).toEqual([]);
    state.busy = QUIET_UTILISATION;
    // the fifth quiet second, not the fourth
    expect(seconds(5)).toEqual([5]);
    expect(idle.collections).toBe(1);
    // twice: the second collection gives back the pages the first emptied
    expect(state.gcs).toBe(2);
    expect(collected).toEqual([[130 * MB, 45 * MB]]);
  });

  it('starts counting again at a busy second', () => {
    const { state, idle, seconds } = rig(5);
    state.heap = 130 * MB;
    expect(seconds(4)).toEqual([]);
    state.busy = QUIET_UTILISATION + 0.01;
    expect(seconds(1)).toEqual([]);
    state.busy = 0;
    expect(seconds(4)).toEqual([]);
    expect(seconds(1)).toEqual([1]);
    expect(idle.collections).toBe(1);
  });

  it('leaves a heap alone that has not grown by the threshold', () => {
    const { state, idle, seconds } = rig(5);
    state.heap = 80 * MB + MIN_GROWTH_BYTES - 1;
    expect(seconds(60)).toEqual([]);
    expect(idle.collections).toBe(0);
    // grown at last, after more than five quiet seconds: the next look collects
    state.heap = 80 * MB + MIN_GROWTH_BYTES;
    expect(seconds(2)).toEqual([1]);
  });

  it('measures growth from the smallest heap seen, so V8 shrinking it counts', () => {
    const { state, seconds } = rig(5);
    state.heap = 40 * MB;
    expect(seconds(1)).toEqual([]);
    state.heap = 40 * MB + MIN_GROWTH_BYTES;
    expect(seconds(4)).toEqual([4]);
  });

  it('collects once per burst, not on a timer while the server stays quiet', () => {
    const { state, idle, seconds } = rig(5);
    state.heap = 130 * MB;
    state.afterGc = 91 * MB;
    expect(seconds(5)).toEqual([5]);
    // still 46 MB over what V8 first had, but nothing has grown since the collection
    expect(seconds(120)).toEqual([]);
    // the next burst
    state.busy = 1;
    state.heap = 91 * MB + MIN_GROWTH_BYTES;
    expect(seconds(3)).toEqual([]);
    state.busy = 0;
    expect(seconds(5)).toEqual([5]);
    expect(idle.collections).toBe(2);
  });
});

describe('exposeGc', () => {
  it('gives a working gc() to a process started without --expose-gc, and no global one', () => {
    const module = fileURLToPath(new URL('./idle-gc.ts', import.meta.url));
    const script = `
      import { exposeGc } from ${JSON.stringify(module)};
      const gc = exposeGc();
      let target = { big: new Array(1000).fill(1) };
      const ref = new WeakRef(target);
      target = undefined;
      // a WeakRef keeps its target until the job that made it has ended
      setTimeout(() => {
        gc();
        console.log(JSON.stringify({ freed: ref.deref() === undefined, global: typeof globalThis.gc }));
      }, 0);
    `;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    expect(JSON.parse(out.trim())).toEqual({ freed: true, global: 'undefined' });
  });
});
