import { describe, expect, it } from 'vitest';
import {
  APP_START_ELEMENT,
  APP_START_ID,
  APP_START_SCRIPT,
  startAfterFirstPaint,
} from './app-start.ts';

const PAGE =
  '<html><head><script type="module" crossorigin src="/assets/runtime-1.js"></script>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/Rank-1.js"></head>' +
  '<body><div id="root"><p>rendered</p></div></body></html>';

describe('a rendered page starts the app after its first frame', () => {
  it('fetches nothing of the app with the page: its scripts are named in a data block, in order', () => {
    const page = startAfterFirstPaint(PAGE);
    expect(page).toBe(
      '<html><head>' +
        `<script type="application/json" id="${APP_START_ID}">` +
        '{"scripts":["/assets/runtime-1.js","/assets/index-1.js"],"modules":["/assets/Rank-1.js"]}' +
        `</script>${APP_START_ELEMENT}</head>` +
        '<body><div id="root"><p>rendered</p></div></body></html>',
    );
    expect(page).not.toMatch(/rel="(module)?preload"|<script[^>]*\bsrc=/);
  });

  it('escapes `<` in the block (a path is the build’s, but a block never closes early)', () => {
    const page = startAfterFirstPaint(PAGE.replace('/assets/Rank-1.js', '/assets/</script>.js'));
    const block = /<script type="application\/json" id="pv-start">([^<]*)<\/script>/.exec(page);
    expect(JSON.parse(block![1]!).modules).toEqual(['/assets/</script>.js']);
  });

  it('leaves a page without a module script as it is (nothing would start its app)', () => {
    const page = '<html><head><title>t</title></head><body></body></html>';
    expect(startAfterFirstPaint(page)).toBe(page);
    expect(startAfterFirstPaint('<p>no head</p>')).toBe('<p>no head</p>');
  });

  it('rewrites the head only: the body is the page’s own', () => {
    const body = '<body><script type="module" crossorigin src="/assets/x.js"></script></body>';
    const page = startAfterFirstPaint(PAGE.replace(/<body>[\s\S]*$/, `${body}</html>`));
    expect(page.endsWith(`</head>${body}</html>`)).toBe(true);
    const headless = '<html><head><title>t</title></head>' + body + '</html>';
    expect(startAfterFirstPaint(headless)).toBe(headless);
  });
});

describe('the start script', () => {
  /**
   * APP_START_SCRIPT run against a document as small as it needs: a page still parsing, with the
   * data block of two entries and one module, in a tab `visibility` as given; frames and timers
   * run when told.
   */
  function run(visibility: 'visible' | 'hidden') {
    const listeners = new Map<string, (() => void)[]>();
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const added: {
      tag: string;
      type?: string;
      crossOrigin?: string;
      async?: boolean;
      src?: string;
      rel?: string;
      href?: string;
    }[] = [];
    const doc = {
      readyState: 'loading',
      visibilityState: visibility,
      addEventListener: (type: string, listener: () => void) =>
        listeners.set(type, [...(listeners.get(type) ?? []), listener]),
      getElementById: (id: string) =>
        id === APP_START_ID
          ? {
              textContent: JSON.stringify({
                scripts: ['/assets/runtime-1.js', '/assets/index-1.js'],
                modules: ['/assets/Rank-1.js'],
              }),
            }
          : null,
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (el: (typeof added)[number]) => added.push({ ...el }) },
    };
    const dispatch = (type: string) => listeners.get(type)?.forEach((listener) => listener());
    new Function('document', 'requestAnimationFrame', 'setTimeout', APP_START_SCRIPT)(
      doc,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
    const flush = (queue: (() => void)[]) => queue.splice(0).forEach((f) => f());
    return {
      added,
      parsed: () => ((doc.readyState = 'interactive'), dispatch('DOMContentLoaded')),
      hide: () => ((doc.visibilityState = 'hidden'), dispatch('visibilitychange')),
      frame: () => flush(frames),
      timers: () => flush(timers),
    };
  }
  const script = (src: string) =>
    ({ tag: 'script', type: 'module', crossOrigin: 'anonymous', async: false, src }) as const;
  const ENTRY = [
    script('/assets/runtime-1.js'),
    script('/assets/index-1.js'),
    { tag: 'link', rel: 'modulepreload', crossOrigin: 'anonymous', href: '/assets/Rank-1.js' },
  ];

  it('adds the entry scripts in order and the module preloads once the parsed page has had a frame', () => {
    const page = run('visible');
    // still parsing: nothing
    page.frame();
    page.timers();
    expect(page.added).toEqual([]);
    page.parsed();
    // parsed, its frame not painted yet: nothing runs before the first paint
    expect(page.added).toEqual([]);
    page.frame();
    expect(page.added).toEqual([]);
    // right after the frame
    page.timers();
    expect(page.added).toEqual(ENTRY);
    // once only, whatever comes after
    page.hide();
    expect(page.added).toEqual(ENTRY);
  });

  it('adds them at once in a tab that is hidden, or hidden before its frame (no frame comes)', () => {
    const hidden = run('hidden');
    hidden.parsed();
    expect(hidden.added).toEqual(ENTRY);
    const left = run('visible');
    left.parsed();
    left.hide();
    expect(left.added).toEqual(ENTRY);
    left.frame();
    left.timers();
    expect(left.added).toEqual(ENTRY);
  });
});
