/**
 * What a page's renderer main thread did before its first contentful paint, from a Chromium
 * trace (categories `devtools.timeline`, `disabled-by-default-devtools.timeline`, `loading`,
 * `blink`, `blink.user_timing` and `toplevel`), for
 * the first-paint probe (firstcard-variants.ts).
 */

/** Milliseconds from the navigation's start to the first contentful paint, by kind of work. */
export interface MainThread {
  /** The whole of the main thread's tasks. */
  busy: number;
  parse: number;
  style: number;
  layout: number;
  /** The navigation's commit task (the parser's first append of the bytes, the preload scanner). */
  commit: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The renderer main thread is the `CrRendererMain` of a process named `Renderer` (not the
 * browser's own WebUI renderer) with the most events: the page's.
 */
export function mainThreadBeforeFcp(trace: Buffer): MainThread | undefined {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const renderers = new Set<number>();
  const mains: string[] = [];
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'process_name' && e.args?.name === 'Renderer') renderers.add(e.pid);
    if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mains.push(`${e.pid}:${e.tid}`);
  }
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (renderers.has(e.pid) && mains.includes(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return undefined;
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const start = on.find((e) => e.name === 'navigationStart')?.ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts;
  if (start === undefined || fcp === undefined) return undefined;
  const sum = (name: string) =>
    on
      .filter((e) => e.name === name && e.ph === 'X' && e.ts >= start && e.ts < fcp)
      .reduce((total, e) => total + (e.dur ?? 0), 0) / 1000;
  return {
    busy: Math.round(sum('ThreadControllerImpl::RunTask')),
    parse: Math.round(sum('ParseHTML')),
    style: Math.round(sum('Document::recalcStyle')),
    layout: Math.round(sum('Layout')),
    commit: Math.round(sum('DocumentLoader::CommitNavigation')),
  };
}
