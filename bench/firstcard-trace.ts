/**
 * What a page's renderer main thread did before its first contentful paint (sums by kind), and
 * its tasks one by one until the first card (`--timeline`), from a Chromium trace recorded with
 * TRACE_CATEGORIES, for the first-paint probe (firstcard-variants.ts).
 */

/** The trace categories both readers need. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink',
  'blink.user_timing',
  'toplevel',
] as const;

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
  args?: {
    name?: string;
    src_file?: string;
    src_func?: string;
    data?: { type?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean };
  };
}

/**
 * The page's renderer main thread: the thread of the navigation that loaded the page (its
 * `navigationStart` for the main frame and an http(s) document); in a trace without one, the
 * `CrRendererMain` of a process named `Renderer` (not the browser's own WebUI renderer) with the
 * most events. Its events, the navigation's start and the page's first contentful paint (µs, the
 * trace's clock). The first reading (the busiest thread's first `navigationStart`) put a few
 * timelines of stop 60 some 700 ms late.
 */
function pageMainThread(
  trace: Buffer,
): { events: TraceEvent[]; start: number; fcp: number | undefined } | undefined {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const navigation = events
    .filter(
      (e) =>
        e.name === 'navigationStart' &&
        e.args?.data?.isLoadingMainFrame === true &&
        /^https?:/.test(e.args.data.documentLoaderURL ?? ''),
    )
    .sort((a, b) => a.ts - b.ts)[0];
  let main = navigation && key(navigation);
  if (!main) {
    const renderers = new Set<number>();
    const mains: string[] = [];
    for (const e of events) {
      if (e.ph !== 'M') continue;
      if (e.name === 'process_name' && e.args?.name === 'Renderer') renderers.add(e.pid);
      if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain') mains.push(key(e));
    }
    const counts = new Map<string, number>();
    for (const e of events)
      if (renderers.has(e.pid) && mains.includes(key(e)))
        counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
    main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  }
  if (!main) return undefined;
  const on = events.filter((e) => key(e) === main);
  const start = navigation?.ts ?? on.find((e) => e.name === 'navigationStart')?.ts;
  if (start === undefined) return undefined;
  const fcp = events
    .filter((e) => e.name === 'firstContentfulPaint' && e.ts >= start)
    .sort((a, b) => a.ts - b.ts)[0]?.ts;
  return { events: on, start, fcp };
}

export function mainThreadBeforeFcp(trace: Buffer): MainThread | undefined {
  const thread = pageMainThread(trace);
  if (!thread || thread.fcp === undefined) return undefined;
  const { events: on, start, fcp } = thread;
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

/** One task of the main thread, for `--timeline`. */
export interface TimelineTask {
  /** ms from the navigation's start, and the task's length in ms. */
  at: number;
  ms: number;
  /** Where Chromium posted it from (`html_document_parser.cc:SchedulePumpTokenizer`). */
  source: string;
  /** ms of the work inside it that matters to a first paint, by kind; `load`: load events dispatched (an image's, a stylesheet's, the document's). */
  work: Partial<Record<TimelineWork, number>>;
}

/** The kinds of work a timeline row sums (trace event names, or the load event). */
const TIMELINE_WORK = {
  parse: 'ParseHTML',
  style: 'UpdateLayoutTree',
  layout: 'Layout',
  paint: 'Paint',
  script: 'EvaluateScript',
  callback: 'FunctionCall',
  commit: 'DocumentLoader::CommitNavigation',
} as const;
type TimelineWork = keyof typeof TIMELINE_WORK | 'load';

/**
 * The main thread's tasks from the navigation's start to `untilMs`: every task of 3 ms or more and
 * every task that dispatched a load event, with what each did. What it shows on our pages
 * (stop 60): a card's load event runs in a task of its own (`image_loader.cc:ImageNotifyFinished`)
 * that waits behind whatever long task holds the thread, even when the picture arrived long before.
 */
export function mainThreadTimeline(trace: Buffer, untilMs: number): TimelineTask[] | undefined {
  const thread = pageMainThread(trace);
  if (!thread) return undefined;
  const { events: on, start } = thread;
  const ms = (us: number) => Math.round(us / 100) / 10;
  const tasks = on
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.ts >= start)
    .filter((e) => e.ts - start <= untilMs * 1000)
    .sort((a, b) => a.ts - b.ts);
  const inside = on.filter((e) => e.ph === 'X' && e.ts >= start);
  const rows: TimelineTask[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const work: TimelineTask['work'] = {};
    const us: Partial<Record<TimelineWork, number>> = {};
    for (const e of inside) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue;
      if (e.name === 'EventDispatch' && e.args?.data?.type === 'load')
        work.load = (work.load ?? 0) + 1;
      for (const [kind, name] of Object.entries(TIMELINE_WORK) as [TimelineWork, string][])
        if (e.name === name) us[kind] = (us[kind] ?? 0) + (e.dur ?? 0);
    }
    for (const [kind, total] of Object.entries(us) as [TimelineWork, number][])
      work[kind] = ms(total);
    if ((task.dur ?? 0) < 3000 && !work.load) continue;
    const file = task.args?.src_file?.split('/').at(-1);
    rows.push({
      at: ms(task.ts - start),
      ms: ms(task.dur ?? 0),
      source: file ? `${file}:${task.args?.src_func ?? ''}` : '',
      work,
    });
  }
  return rows;
}
