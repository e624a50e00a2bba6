/**
 * A probe for first-paint work (issue 33), not a benchmark with goals: it compares edited copies
 * of one rendered page with the page itself and with the first-card limit page, in the first-card
 * benchmark's conditions (Debian's Chromium, 4× CPU throttle, a fresh context a run, the same
 * viewports and recorder), the contenders alternating, and prints medians.
 *
 *   node --import tsx bench/firstcard-variants.ts --page /rank/daily --viewport mobile \
 *     --variant no-image-preloads --variant strip-all --runs 24
 *
 * It starts the app as the benchmarks do (or uses `--app http://127.0.0.1:PORT`), fetches the
 * page's HTML as the viewport's browser would get it, and serves from a proxy on a port of its own:
 * `as-is` (that HTML, unchanged), each variant (a built-in edit below, or every `*.html` in
 * `--dir`), and the limit page built from what the app showed (firstcard-limit.ts); every other
 * path goes to the app. All of them carry the page's own headers except its CSP (a changed
 * `<style>` or script would no longer match its hash, and the page would look or behave
 * otherwise), so `as-is` is the baseline a variant is compared with. `--save DIR` writes the
 * page's HTML (`as-is.html`) and the limit page (`limit.html`) there, to edit by hand.
 *
 * These machines are noisy: a variant's median moved 50–80 ms between runs of 12 (stop 58), so
 * compare within one run, with 16–24 runs a contender, and repeat a result before building on it.
 * `--trace` adds, from a Chromium trace of every run, the main thread's busy, parse, style and
 * layout times before the first contentful paint (the trace slows the page: compare traced runs
 * with traced runs only).
 * `--timeline` adds one more, uncounted, traced run of each contender and prints its main thread
 * task by task until the card `nth_card` counts (`--cards`: 1 for the first card alone;
 * firstcard-trace.ts `mainThreadTimeline`); with `--save DIR`,
 * that run's whole trace goes to `DIR/<contender>.trace.json` too (Chrome DevTools' Performance
 * panel or Perfetto open it), for the events inside a task the table only sums.
 * `--hydrated` waits for the app's take-over too (`hydrated`: `<html data-hydrated>`), serving
 * each contender at the page's own path (a cookie picks it), where the app's router finds its
 * route. `--profile` adds a CPU profile of each counted run (firstcard-profile.ts) and prints each
 * contender's JavaScript self time by file and function, source-mapped when the app was built with
 * `npx vite build --sourcemap` (packages/web).
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { join, basename } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { startApp } from './app.ts';
import { limitHtml } from './firstcard-limit.ts';
import { READ, type PageFigures } from './firstcard-page.ts';
import {
  CPU_THROTTLE,
  VIEWPORTS,
  harvest,
  openPage,
  within,
  type ViewportName,
} from './firstcard.ts';
import { median } from './firstcard-result.ts';
import {
  SourceMaps,
  selfTimes,
  startProfile,
  topSelfTimes,
  type SelfTimes,
} from './firstcard-profile.ts';
import {
  TRACE_CATEGORIES,
  mainThreadBeforeFcp,
  mainThreadTimeline,
  type MainThread,
  type TimelineTask,
} from './firstcard-trace.ts';

/** Built-in edits of the page's HTML; each must change it (or the probe stops). */
export const EDITS: Record<string, (html: string) => string> = {
  /** React's (and the head's) `<link rel="preload" as="image">`: the `<img>`s are in the page. */
  'no-image-preloads': (html) => html.replace(/<link rel="preload" as="image"[^>]*>/g, ''),
  /** The dehydrated queries the app hydrates from. */
  'no-data-block': (html) =>
    html.replace(/<script type="application\/json" id="pv-server-data">[\s\S]*?<\/script>/, ''),
  /** The inline scripts (tap queue, start), not the JSON blocks. */
  'no-inline-scripts': (html) => html.replace(/<script>[\s\S]*?<\/script>/g, ''),
  /** The inline stylesheet (unstyled: what the document alone costs). */
  'no-style': (html) => html.replace(/<style>[\s\S]*?<\/style>/g, ''),
  /** Every lazy picture eager (as the limit page's are). */
  'all-eager': (html) => html.replaceAll('loading="lazy"', 'loading="eager"'),
  /** Closed dialogs (a top bar's confirmation) and their `autofocus`. */
  'no-dialogs': (html) => html.replace(/<dialog[\s\S]*?<\/dialog>/g, ''),
  /** Everything above but the style and the lazy pictures: the markup and its stylesheet alone. */
  'strip-all': (html) =>
    EDITS['no-dialogs']!(
      EDITS['no-inline-scripts']!(
        EDITS['no-data-block']!(
          html
            .replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g, '')
            .replace(/<link rel="preload"[^>]*>/g, ''),
        ),
      ),
    ),
};

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: '/rank/daily' },
    viewport: { type: 'string', default: 'desktop' },
    variant: { type: 'string', multiple: true, default: [] },
    dir: { type: 'string' },
    save: { type: 'string' },
    runs: { type: 'string', default: '16' },
    /** The card whose load is reported as `nth_card` (default: the limit's count, at most 30). */
    cards: { type: 'string' },
    app: { type: 'string' },
    trace: { type: 'boolean', default: false },
    /** Also prints, for each contender, one more (uncounted, traced) run task by task. */
    timeline: { type: 'boolean', default: false },
    /**
     * Also waits for the app's take-over (`<html data-hydrated>`) and reports it (`hydrated`): each
     * contender is then served at the page's own path (picked by a cookie), where the app's router
     * finds its route.
     */
    hydrated: { type: 'boolean', default: false },
    /**
     * Also serves `limit-text`: the limit page with each card's own text (its title and author,
     * or its caption) under its picture, as plain spans (firstcard-limit.ts `limitHtml`).
     */
    'limit-text': { type: 'boolean', default: false },
    /**
     * Also profiles each counted run's JavaScript (firstcard-profile.ts) and prints, per
     * contender, the mean self time a run by file and by function.
     */
    profile: { type: 'boolean', default: false },
    /** How many functions `--profile` lists (the JSON keeps as many). */
    'profile-functions': { type: 'string', default: '40' },
    out: { type: 'string', default: 'bench/results/firstcard-variants.json' },
  },
});

const viewport = values.viewport as ViewportName;
if (!(viewport in VIEWPORTS)) throw new Error(`--viewport: ${Object.keys(VIEWPORTS).join(' or ')}`);
const unknownEdits = values.variant.filter((name) => !(name in EDITS));
if (unknownEdits.length > 0)
  throw new Error(`unknown variant ${unknownEdits.join(', ')}: ${Object.keys(EDITS).join(', ')}`);
const RUNS = Number(values.runs);
const APP_PORT = 18_150;
const PROXY_PORT = 18_151;
const TIMEOUT_MS = 30_000;

const appServer = values.app ? null : await startApp(APP_PORT);
const app = values.app ?? `http://127.0.0.1:${APP_PORT}`;
const proxyBase = `http://127.0.0.1:${PROXY_PORT}`;

/** The page as the viewport's browser gets it: its HTML (uncompressed) and headers. */
async function fetchPage(): Promise<{ html: string; headers: IncomingHttpHeaders }> {
  const options = VIEWPORTS[viewport];
  const headers: Record<string, string> = {
    'accept-language': 'en-US,en;q=0.9',
    accept: 'text/html',
    ...('extraHTTPHeaders' in options ? options.extraHTTPHeaders : {}),
    ...('userAgent' in options ? { 'user-agent': options.userAgent } : {}),
  };
  return new Promise((resolve, reject) => {
    request(`${app}${values.page}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ html: Buffer.concat(chunks).toString('utf8'), headers: res.headers })
          : reject(new Error(`${values.page}: ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

const page = await fetchPage();
if (values.save) {
  mkdirSync(values.save, { recursive: true });
  writeFileSync(join(values.save, 'as-is.html'), page.html);
  console.log(`wrote ${join(values.save, 'as-is.html')}`);
}
const pageHeaders = { ...page.headers };
for (const name of ['content-security-policy', 'content-length', 'content-encoding', 'date'])
  delete pageHeaders[name];

/** Served by the proxy: path → HTML. */
const served = new Map<string, string>();
const contenders: { name: string; path: string }[] = [];
const serve = (name: string, html: string) => {
  const path = `/__variant/${encodeURIComponent(name)}`;
  served.set(path, html);
  contenders.push({ name, path });
};
serve('as-is', page.html);
for (const name of values.variant) {
  const html = EDITS[name]!(page.html);
  if (html === page.html) throw new Error(`variant ${name} does not change ${values.page}`);
  serve(name, html);
}
if (values.dir)
  for (const file of readdirSync(values.dir).filter((f) => f.endsWith('.html')))
    serve(basename(file, '.html'), readFileSync(join(values.dir, file), 'utf8'));

/** The cookie that picks a contender at the page's own path (`--hydrated`). */
const PICK = 'pv-probe-contender';
const picked = (req: { url?: string; headers: IncomingHttpHeaders }): string | undefined => {
  if (req.url !== values.page) return undefined;
  const pick = new RegExp(`(?:^|;\\s*)${PICK}=([^;]*)`).exec(req.headers.cookie ?? '')?.[1];
  return pick === undefined
    ? undefined
    : contenders.find((c) => c.name === decodeURIComponent(pick))?.path;
};

const proxy = createServer((req, res) => {
  const html = served.get(picked(req) ?? req.url ?? '');
  if (html !== undefined) {
    res.writeHead(200, { ...pageHeaders, 'cache-control': 'no-store' });
    res.end(html);
    return;
  }
  const upstream = request(
    `${app}${req.url}`,
    { method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, '127.0.0.1', resolve));

/**
 * In the page: when the parser inserted the first card's (or the artwork's) `<img>`, as a mutation
 * callback sees it (at the end of the parser's task that inserted it).
 */
const INSERTED = `(() => {
  const seen = (window.__inserted = { at: null });
  const found = () => document.querySelector('[data-testid="artwork-card"] img, [data-testid="row-item"] img, [data-testid="artwork-picture"] img');
  const watch = new MutationObserver(() => {
    if (found()) { seen.at = performance.now(); watch.disconnect(); }
  });
  watch.observe(document, { childList: true, subtree: true });
})()`;

/** The bench's page (recorder, throttle) with INSERTED beside its recorder. */
async function open(browser: Browser, cards: number, app: boolean) {
  const until = { kind: 'cards', cards, app } as const;
  const { context, page: tab, done } = await openPage(browser, viewport, 'cards', until);
  await tab.addInitScript({ content: INSERTED });
  return { context, tab, done };
}

interface Figures {
  fcp: number | null;
  first_card: number | null;
  nth_card: number | null;
  first_card_inserted: number | null;
  dom_interactive: number | null;
  html_arrived: number | null;
  hydrated: number | null;
  trace?: MainThread;
  profile?: SelfTimes;
  timeline?: TimelineTask[];
}

/** The built app's scripts and their maps, for `--profile`. */
const maps = new SourceMaps(join(import.meta.dirname, '../packages/web/dist/assets'));

async function run(
  browser: Browser,
  contender: { name: string; path: string },
  cards: number,
  counted = true,
  timeline = false,
  /** Where to write the run's Chromium trace (a traced run only). */
  traceFile?: string,
): Promise<Figures> {
  const app = values.hydrated && !contender.name.startsWith('limit');
  const { context, tab, done } = await open(browser, cards, app);
  let path = contender.path;
  if (values.hydrated) {
    await context.addCookies([
      { name: PICK, value: encodeURIComponent(contender.name), url: proxyBase },
    ]);
    path = values.page;
  }
  const traced = values.trace || timeline;
  try {
    if (traced)
      await browser.startTracing(tab, {
        categories: [...TRACE_CATEGORIES],
      });
    const profiled = values.profile && counted && !traced;
    const stopProfile = profiled ? await startProfile(await context.newCDPSession(tab)) : undefined;
    await tab.goto(`${proxyBase}${path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    // told by the recorder (firstcard-page.ts RECORD), as the bench is
    await within(done, TIMEOUT_MS);
    const profile = stopProfile ? selfTimes(await stopProfile(), maps) : undefined;
    const figures = (await tab.evaluate(READ('cards'))) as PageFigures;
    const extra = (await tab.evaluate(`(() => ({
      inserted: window.__inserted.at,
      interactive: performance.getEntriesByType('navigation')[0]?.domInteractive ?? null,
    }))()`)) as { inserted: number | null; interactive: number | null };
    const events = traced ? await browser.stopTracing() : undefined;
    if (events && traceFile) writeFileSync(traceFile, events);
    const trace = events && values.trace ? mainThreadBeforeFcp(events) : undefined;
    const firstCard = figures.loads[0]?.at ?? null;
    const tasks =
      events && timeline
        ? mainThreadTimeline(events, (figures.loads[cards - 1]?.at ?? firstCard ?? 0) + 100)
        : undefined;
    const round = (n: number | null | undefined) => (n == null ? null : Math.round(n));
    return {
      fcp: figures.first_contentful_paint_ms,
      first_card: firstCard,
      nth_card: figures.loads[cards - 1]?.at ?? null,
      first_card_inserted: round(extra.inserted),
      dom_interactive: round(extra.interactive),
      html_arrived: figures.html_arrived_ms,
      hydrated: figures.hydrated_ms,
      ...(trace ? { trace } : {}),
      ...(profile ? { profile } : {}),
      ...(tasks ? { timeline: tasks } : {}),
    };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  // the limit page: what the app showed, harvested as the bench harvests it
  const shown = await harvest(browser, proxyBase, values.page, viewport, 'cards');
  const limit = limitHtml(shown);
  serve('limit', limit);
  if (values.save) writeFileSync(join(values.save, 'limit.html'), limit);
  if (values['limit-text']) {
    const withText = limitHtml(shown, { text: true });
    if (withText === limit) throw new Error(`${values.page}: no card with text`);
    serve('limit-text', withText);
    if (values.save) writeFileSync(join(values.save, 'limit-text.html'), withText);
  }
  const cards = Math.max(1, Number(values.cards ?? shown.pictures.length));
  console.log(
    `${values.page} (${viewport}): ${contenders.map((c) => c.name).join(', ')}; the nth card is the ${cards}th; ${RUNS} runs each`,
  );
  for (const c of contenders) await run(browser, c, cards, false); // warm the server and caches
  const runs = new Map<string, Figures[]>(contenders.map((c) => [c.name, []]));
  const timelines: Record<string, TimelineTask[]> = {};
  if (values.timeline)
    // one more uncounted run each, traced (slower), told task by task
    for (const c of contenders) {
      const file = values.save ? join(values.save, `${c.name}.trace.json`) : undefined;
      const traced = await run(browser, c, cards, false, true, file);
      if (file) console.log(`wrote ${file}`);
      timelines[c.name] = traced.timeline ?? [];
      console.log(
        `\n${c.name}, traced: first card ${traced.first_card} ms, first paint ${traced.fcp} ms`,
      );
      for (const t of traced.timeline ?? []) {
        const work = Object.entries(t.work)
          .map(([kind, v]) => `${kind} ${v}`)
          .join(', ');
        console.log(
          `${String(t.at).padStart(7)} +${String(t.ms).padStart(6)}  ${t.source}  ${work}`,
        );
      }
    }
  for (let i = 0; i < RUNS; i++)
    for (const c of contenders) runs.get(c.name)!.push(await run(browser, c, cards));
  const table: Record<string, Record<string, number | null>> = {};
  for (const [name, list] of runs) {
    const row: Record<string, number | null> = {};
    for (const key of [
      'fcp',
      'first_card',
      'nth_card',
      'first_card_inserted',
      'dom_interactive',
      'html_arrived',
      'hydrated',
    ] as const)
      row[key] = median(list.map((r) => r[key]));
    if (values.trace)
      for (const key of ['busy', 'parse', 'style', 'layout', 'commit'] as const)
        row[`${key}_before_fcp`] = median(list.map((r) => r.trace?.[key] ?? null));
    table[name] = row;
  }
  console.table(table);
  // each contender's mean self time a run, the largest by file and by function (--profile)
  const profiles: Record<string, { runs: number; by_file: string[]; by_function: string[] }> = {};
  if (values.profile) {
    if (!maps.any)
      console.log(
        "no source maps: names are the build's (npx vite build --sourcemap in packages/web)",
      );
    for (const [name, list] of runs) {
      const each = list.flatMap((r) => (r.profile ? [r.profile] : []));
      if (each.length === 0) continue;
      const top = (profiles[name] = {
        runs: each.length,
        by_file: topSelfTimes(each, 'byFile', 25),
        by_function: topSelfTimes(each, 'byFunction', Number(values['profile-functions'])),
      });
      console.log(`\n${name}: self time a run (ms), ${top.runs} profiled runs; by file:`);
      for (const line of top.by_file) console.log(line);
      console.log('by function:');
      for (const line of top.by_function) console.log(line);
    }
  }
  mkdirSync(join(values.out, '..'), { recursive: true });
  writeFileSync(
    values.out,
    `${JSON.stringify(
      {
        probe: 'firstcard-variants',
        date: new Date().toISOString(),
        page: values.page,
        viewport,
        cpu_throttle: CPU_THROTTLE,
        runs_each: RUNS,
        nth_card: cards,
        medians: table,
        runs: Object.fromEntries(
          [...runs].map(([name, list]) => [
            name,
            list.map(({ profile: _, ...figures }) => figures),
          ]),
        ),
        ...(values.timeline ? { timelines } : {}),
        ...(values.profile ? { profiles } : {}),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${values.out}`);
} finally {
  await browser.close();
  proxy.close();
  appServer?.kill('SIGTERM');
}
