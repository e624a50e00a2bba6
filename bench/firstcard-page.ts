/**
 * What the first-card benchmark runs in the page (strings: this package has no DOM types, and
 * they go in through CDP, which the page's CSP does not see). The same recorder serves the app
 * and the limit page: the limit page's markup carries the app's `data-testid`s.
 */

/** A card picture, as the app showed it: the limit page lists these. */
export interface HarvestedPicture {
  /** Same-origin path (or absolute URL) the picture was loaded from. */
  src: string;
  /** The rendered box, CSS px. */
  width: number;
  height: number;
  alt: string;
  href: string | null;
  /** The artwork page's own picture (not a card). */
  picture: boolean;
  /** The card's own text as the app showed it (its title and author, or its caption). */
  text: string[];
}

/** What the app's page showed, read after an uncounted run (see HARVEST). */
export interface Harvest {
  title: string;
  lang: string;
  /** The artwork's picture(s) first, then card pictures in document order; at most 30. */
  pictures: HarvestedPicture[];
  /** The novel's lines (`h3` chapter titles and `p` lines), in order; empty on other pages. */
  lines: { tag: 'h3' | 'p'; text: string }[];
}

/** Card pictures (the ranking's, home rows', spotlight cards', a profile's and related works'). */
const CARD =
  '[data-testid="artwork-card"], [data-testid="row-item"], [data-testid="spotlight-row-item"]';
/** The artwork page's own picture(s). */
const PICTURE = '[data-testid="artwork-picture"]';
/** A line of the novel's own text (the page marks `1 / 3` and blank lines are aria-hidden). */
const LINE = '[data-testid="novel-text"] :is(h3, p):not([aria-hidden])';
/** The Element Timing identifier of the novel's first line. */
const FIRST_LINE = 'pv-first-line';
/** The most pictures a limit page lists. */
export const MAX_CARDS = 30;
/** The binding RECORD calls once a run has seen what it waits for (see RECORD). */
export const DONE_BINDING = '__firstcardDone';

/** What a run waits for before it settles and reads the figures. */
export interface RunTarget {
  kind: 'cards' | 'artwork' | 'novel';
  /** Card pictures loaded (the limit's count); 0 on a novel. */
  cards: number;
  /** The app's page: it waits for the take-over too. */
  app: boolean;
}

/**
 * In the page before anything else: records when card pictures (and the artwork's picture) finish
 * loading, when `<html data-hydrated>` appears, the paint, LCP and layout-shift entries, and (on a
 * novel) when the text's first line is painted, by giving it an `elementtiming` attribute as soon
 * as the parser or the app inserts it (a mutation callback runs before the next paint).
 *
 * With `until`, it tells the bench once it has seen what a run waits for, by calling DONE_BINDING
 * (a binding the bench adds through CDP: native, no script of the bench's runs in the page). The
 * bench waited with Playwright's `waitForFunction` before (stop 60): its first call evaluates
 * Playwright's injected script in the page, one 40–70 ms task at 4× that landed in the first
 * half-second of every run, the limit page's too, before or after the first card's load at random.
 */
export const RECORD = (novel: boolean, until?: RunTarget) => `(() => {
  const seen = { loads: [], picture: null, hydrated: null, fcp: null, lcp: null, line: null, shifts: [] };
  window.__firstcard = seen;
  const until = ${JSON.stringify(until ?? null)};
  let told = false;
  const check = () => {
    if (told || !until || seen.fcp === null || (until.app && seen.hydrated === null)) return;
    const ready = until.kind === 'novel'
      ? seen.line !== null
      : seen.loads.length >= until.cards && (until.kind !== 'artwork' || seen.picture !== null);
    if (!ready || typeof globalThis.${DONE_BINDING} !== 'function') return;
    told = true;
    globalThis.${DONE_BINDING}('');
  };
  document.addEventListener('load', (event) => {
    const img = event.target;
    if (!(img instanceof HTMLImageElement)) return;
    const at = performance.now();
    const picture = !!img.closest('${PICTURE}');
    if (picture && seen.picture === null) seen.picture = at;
    if (picture || img.closest('${CARD}')) seen.loads.push({ src: img.currentSrc, at });
    check();
  }, true);
  const observe = (type, each) => {
    try {
      new PerformanceObserver((list) => { list.getEntries().forEach(each); check(); }).observe({ type, buffered: true });
    } catch {}
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') seen.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { seen.lcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) seen.shifts.push([e.startTime, e.value]); });
  observe('element', (e) => {
    if (e.identifier === '${FIRST_LINE}' && seen.line === null) seen.line = e.renderTime || e.startTime;
  });
  new MutationObserver(() => {
    if (seen.hydrated === null && document.documentElement.hasAttribute('data-hydrated')) {
      seen.hydrated = performance.now();
      check();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  if (!${novel}) return;
  const lines = new MutationObserver(() => {
    const line = [...document.querySelectorAll('${LINE}')].find((el) => el.textContent.trim());
    if (!line) return;
    line.setAttribute('elementtiming', '${FIRST_LINE}');
    lines.disconnect();
  });
  lines.observe(document, { childList: true, subtree: true });
})()`;

/** What RECORD has seen so far (the wait's predicate reads it). */
export interface Seen {
  loads: { src: string; at: number }[];
  picture: number | null;
  hydrated: number | null;
  fcp: number | null;
  line: number | null;
}

/** The raw figures READ returns, in ms from the navigation's start. */
export interface PageFigures {
  /** The page's HTML wholly arrived (the navigation's responseEnd). */
  html_arrived_ms: number | null;
  first_contentful_paint_ms: number | null;
  first_card_loaded_ms: number | null;
  /** The loads in order: the bench takes the n-th one. */
  loads: { src: string; at: number }[];
  largest_contentful_paint_ms: number | null;
  cls: number;
  hydrated_ms: number | null;
  bytes_before_first_paint: number;
  data_request_started_ms: number | null;
  data_arrived_ms: number | null;
  entry_script_arrived_ms: number | null;
  data_request_before_main_script: boolean;
}

/**
 * In the page at the end of a run. CLS is the web-vitals one: the largest sum of shifts in a
 * session window (shifts less than 1 s apart, 5 s at most).
 */
export const READ = (kind: 'cards' | 'artwork' | 'novel') => `(() => {
  const seen = window.__firstcard;
  const resources = performance.getEntriesByType('resource');
  const data = resources
    .filter((r) => new URL(r.name).pathname.startsWith('/api/pixiv/'))
    .sort((a, b) => a.startTime - b.startTime)[0];
  const entry = resources.find((r) => {
    const path = new URL(r.name).pathname;
    return path.startsWith('/assets/index-') && path.endsWith('.js');
  });
  const nav = performance.getEntriesByType('navigation')[0];
  const before = seen.fcp ?? Infinity;
  const bytes =
    (nav?.transferSize ?? 0) +
    resources.filter((r) => r.responseEnd <= before).reduce((sum, r) => sum + r.transferSize, 0);
  let cls = 0, sum = 0, first = -Infinity, last = -Infinity;
  for (const [at, value] of seen.shifts) {
    if (at - last > 1000 || at - first > 5000) { sum = 0; first = at; }
    sum += value; last = at; cls = Math.max(cls, sum);
  }
  const round = (n) => (n == null ? null : Math.round(n));
  const kind = '${kind}';
  const from = (src) => { const url = new URL(src); return url.origin === location.origin ? url.pathname + url.search : src; };
  return {
    html_arrived_ms: round(nav?.responseEnd),
    first_contentful_paint_ms: round(seen.fcp),
    first_card_loaded_ms: round(kind === 'novel' ? seen.line : kind === 'artwork' ? seen.picture : seen.loads[0]?.at),
    loads: seen.loads.map((l) => ({ src: from(l.src), at: Math.round(l.at) })),
    largest_contentful_paint_ms: round(seen.lcp),
    cls: Math.round(cls * 10000) / 10000,
    hydrated_ms: round(seen.hydrated),
    bytes_before_first_paint: bytes,
    data_request_started_ms: round(data?.startTime),
    data_arrived_ms: round(data?.responseEnd),
    entry_script_arrived_ms: round(entry?.responseEnd),
    data_request_before_main_script: !!data && !!entry && data.startTime < entry.responseEnd,
  };
})()`;

/** In the page: how many card pictures (and artwork pictures) have loaded, and how many wait. */
export const COUNT = `(() => {
  const imgs = [...document.querySelectorAll(':is(${PICTURE}, ${CARD}) img')];
  const loaded = imgs.filter((img) => img.complete && img.naturalWidth > 0).length;
  const pending = imgs.filter((img) => img.getAttribute('src') && !img.complete).length;
  return { loaded, pending };
})()`;

/** In the page, once its loads have settled: what the limit page is to list. */
export const HARVEST = `(() => {
  const from = (src) => { const url = new URL(src); return url.origin === location.origin ? url.pathname + url.search : src; };
  const loaded = (img) => img.complete && img.naturalWidth > 0 && img.currentSrc;
  // a card's title and author, or a row item's caption
  const textOf = (card) => {
    const named = ['artwork-card-title', 'artwork-card-author'].map((id) => card.querySelector('[data-testid="' + id + '"]'));
    const parts = named.some(Boolean) ? named : [card.querySelector(':scope > span')];
    return parts.filter(Boolean).map((el) => el.textContent.trim()).filter(Boolean);
  };
  const take = (selector, picture) => [...document.querySelectorAll(selector)].filter(loaded).map((img) => {
    const box = img.getBoundingClientRect();
    return {
      src: from(img.currentSrc),
      width: Math.round(box.width),
      height: Math.round(box.height),
      alt: img.alt,
      href: img.closest('a')?.getAttribute('href') ?? null,
      picture,
      text: picture ? [] : textOf(img.closest('${CARD}')),
    };
  });
  const pictures = [...take('${PICTURE} img', true), ...take(':is(${CARD}) img', false)].slice(0, ${MAX_CARDS});
  const lines = [...document.querySelectorAll('${LINE}')]
    .map((el) => ({ tag: el.tagName.toLowerCase(), text: el.textContent }))
    .filter((l) => l.text.trim());
  return { title: document.title, lang: document.documentElement.lang, pictures, lines };
})()`;
