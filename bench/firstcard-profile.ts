/**
 * Where a page's JavaScript time goes, for the first-paint probe's `--profile`
 * (firstcard-variants.ts): a V8 CPU profile of each counted run (CDP `Profiler`, sampled every
 * PROFILE_INTERVAL_US), its self time summed by function and by source file or package, named
 * through the build's source maps when it has them (`npx vite build --sourcemap` in packages/web;
 * `npm run build` builds without). Native work (parse, style, layout, paint, compile) is V8's
 * `(program)`; the trace (`--trace`, `--timeline`) is what splits that.
 *
 * Stop 63 read the artwork's take-over this way: the first `Intl` formatter of a page costs
 * 55–98 ms at 4× (ICU's first use in the renderer), paid by whichever call comes first
 * (`mirrorFirstPaint`'s time zone); index.js evaluates in ~150 ms, the hydration render ~250 ms.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';

/** The profiler's sampling interval: 0.2 ms, fine enough for a half-second take-over. */
export const PROFILE_INTERVAL_US = 200;

/** The subset of CDP's `Profiler.Profile` that the sums read. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time in ms, by function (`name source:line`) and by file (a package: `npm:name`). */
export interface SelfTimes {
  byFunction: Record<string, number>;
  byFile: Record<string, number>;
}

/** Starts profiling `cdp`'s page (before its navigation); the returned function stops it. */
export async function startProfile(cdp: CDPSession): Promise<() => Promise<CpuProfile>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
}

/** The build's source maps (`<assets>/<file>.map`), read once each; none for a file without. */
export class SourceMaps {
  private readonly maps = new Map<string, SourceMapConsumer | null>();
  constructor(private readonly assets: string) {}

  /** Whether the build has any map (a build without `--sourcemap` names minified functions). */
  get any(): boolean {
    return [...this.maps.values()].some((m) => m !== null);
  }

  /** The original function and source of a script position (`line` 1-based), or null. */
  find(
    url: string,
    line: number,
    column: number,
  ): { name: string | null; source: string; line: number } | null {
    const file = url.split('/').pop() ?? '';
    if (!file.endsWith('.js')) return null;
    let map = this.maps.get(file);
    if (map === undefined) {
      const path = join(this.assets, `${file}.map`);
      map = existsSync(path)
        ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8')) as never)
        : null;
      this.maps.set(file, map);
    }
    const found = map?.originalPositionFor({ line, column });
    return found?.source
      ? { name: found.name ?? null, source: found.source, line: found.line }
      : null;
  }
}

/** `.../node_modules/react-dom/cjs/x.js` → `npm:react-dom`; our own sources from `src/` on. */
function fileOf(source: string): string {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (npm) return `npm:${npm[1]}`;
  return source.replace(/^(\.\.\/)+/, '');
}

/** Sums `profile`'s samples into self times, named through `maps`. */
export function selfTimes(profile: CpuProfile, maps: SourceMaps): SelfTimes {
  const perNode = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    perNode.set(id, (perNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
  );
  const out: SelfTimes = { byFunction: {}, byFile: {} };
  for (const node of profile.nodes) {
    const ms = perNode.get(node.id);
    if (!ms) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const original = url ? maps.find(url, lineNumber + 1, columnNumber) : null;
    const file = original
      ? fileOf(original.source)
      : url
        ? (url.split('/').pop() ?? url)
        : functionName || '(native)';
    const name = original
      ? `${original.name ?? (functionName || '(anonymous)')} ${file}:${original.line}`
      : `${functionName || '(anonymous)'}${url ? ` ${file}:${lineNumber + 1}` : ''}`;
    out.byFunction[name] = (out.byFunction[name] ?? 0) + ms;
    out.byFile[file] = (out.byFile[file] ?? 0) + ms;
  }
  return out;
}

/** The mean self time a run of `all`, the `top` largest, as `ms name` lines. */
export function topSelfTimes(all: SelfTimes[], key: keyof SelfTimes, top: number): string[] {
  const sum = new Map<string, number>();
  for (const times of all)
    for (const [name, ms] of Object.entries(times[key])) sum.set(name, (sum.get(name) ?? 0) + ms);
  return [...sum]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${(ms / all.length).toFixed(1).padStart(8)}  ${name}`);
}
