/**
 * Pinning the sandbox's present (README "Time and determinism"): `--now` / `SANDBOX_NOW`
 * values, the present a sandbox is built with, and the clock that runs on from it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseNow } from './clock.ts';
import { SandboxState } from './state.ts';

const WORLD = { illustCount: 200, userCount: 20, faults: [] };
const PINNED = '2026-11-20T15:00:00+09:00';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('parseNow', () => {
  it('reads an ISO date-time with its offset, or epoch milliseconds', () => {
    expect(parseNow(PINNED)).toBe(Date.UTC(2026, 10, 20, 6));
    expect(parseNow('2026-11-20T06:00:00Z')).toBe(Date.UTC(2026, 10, 20, 6));
    expect(parseNow('2026-11-20T06:00:00.250Z')).toBe(Date.UTC(2026, 10, 20, 6) + 250);
    expect(parseNow(String(Date.UTC(2026, 10, 20, 6)))).toBe(Date.UTC(2026, 10, 20, 6));
    expect(parseNow(undefined)).toBeUndefined();
    expect(parseNow('  ')).toBeUndefined();
  });

  it('refuses what it cannot read exactly, naming the setting', () => {
    // No offset: the local time zone would decide the present, so it is refused.
    for (const bad of ['2026-11-20T15:00:00', '2026-11-20', 'tomorrow', '2026-13-40T00:00:00Z']) {
      expect(() => parseNow(bad, '--now'), bad).toThrow(/^--now: expected an ISO date-time/);
    }
    expect(() => parseNow('yesterday')).toThrow(/^SANDBOX_NOW: /);
  });
});

describe('the sandbox present', () => {
  it('is exactly the pinned value, and the clock runs on from it', async () => {
    const state = new SandboxState({ ...WORLD, now: Date.parse(PINNED) });
    expect(state.now).toBe(Date.parse(PINNED));
    expect(state.clock()).toBeGreaterThanOrEqual(state.now);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.clock() - state.now).toBeGreaterThanOrEqual(15);
    expect(state.clock() - state.now).toBeLessThan(60_000);
  });

  it('comes from SANDBOX_NOW when not given, and a malformed one stops the start', () => {
    vi.stubEnv('SANDBOX_NOW', PINNED);
    expect(new SandboxState(WORLD).now).toBe(Date.parse(PINNED));
    // an explicit present wins over the environment
    expect(new SandboxState({ ...WORLD, now: 1_800_000_000_000 }).now).toBe(1_800_000_000_000);
    vi.stubEnv('SANDBOX_NOW', 'soon');
    expect(() => new SandboxState(WORLD)).toThrow(/^SANDBOX_NOW: /);
  });

  it('is read from a clock function whenever an answer needs the time', () => {
    let t = Date.parse(PINNED);
    const state = new SandboxState({ ...WORLD, now: () => t });
    expect(state.now).toBe(t);
    t += 5_000;
    expect(state.clock()).toBe(Date.parse(PINNED) + 5_000);
    // the present at start, which fixes the world, does not move
    expect(state.now).toBe(Date.parse(PINNED));
  });

  it('draws the same per-call sequences in every sandbox of one seed', () => {
    const [a, b] = [new SandboxState(WORLD), new SandboxState(WORLD)];
    const draws = (s: SandboxState) => [1, 2, 3].map(() => s.nextRng('x').hex32());
    const first = draws(a);
    expect(draws(b)).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(draws(new SandboxState({ ...WORLD, seed: 7 }))).not.toEqual(first);
  });
});
