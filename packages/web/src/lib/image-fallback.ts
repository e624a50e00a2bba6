/**
 * Pictures that never stay broken while one source works (issue 19). A pixiv picture
 * (i.pximg.net) can be fetched through several sources: the user's chosen image proxy, the
 * server's configured proxy (IMAGE_PROXY), its further ones (IMAGE_PROXIES) and this server's own
 * `/i/`, tried in that order.
 * When a picture fails through one (an error, or nothing after 10 s), the same picture is asked
 * of the next; the source that then works is remembered for the session, so the other pictures
 * use it from the start instead of failing one by one.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../state/settings/storage-keys.ts';

/** How long a picture may take through one source before the next is tried. */
export const IMAGE_SOURCE_TIMEOUT_MS = 10_000;

/** This server's image route: always configured, and the last resort. */
export const OWN_IMAGE_SOURCE = '/i/';

const withSlash = (url: string) => `${url.replace(/\/+$/, '')}/`;

/** An http(s) proxy base (or this server's `/i/`), or null (an invalid one is not a source). */
export function proxyBase(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value === OWN_IMAGE_SOURCE) return value;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return withSlash(`${url.origin}${url.pathname}`);
  } catch {
    return null;
  }
}

/**
 * The sources in the order they are tried: the user's, the server's, its further ones, then this
 * server's `/i/`.
 */
export function imageSources(
  userProxy: string | null | undefined,
  serverProxy: string | null | undefined,
  moreProxies: readonly string[] = [],
): string[] {
  const list = [
    proxyBase(userProxy),
    proxyBase(serverProxy),
    ...moreProxies.map(proxyBase),
    OWN_IMAGE_SOURCE,
  ];
  return [...new Set(list.filter((s): s is string => s !== null))];
}

/** An absolute URL of a source (`/i/` is resolved against this page's origin). */
const absolute = (source: string, origin: string) =>
  source.startsWith('/') ? `${origin}${source}` : source;

/** Which source `src` (absolute, as `img.src` reads) was asked of, or -1. */
export function sourceIndex(src: string, sources: string[], origin: string): number {
  return sources.findIndex((s) => src.startsWith(absolute(s, origin)));
}

/** The same picture through another source. */
export function retarget(src: string, from: string, to: string, origin: string): string {
  return `${absolute(to, origin)}${src.slice(absolute(from, origin).length)}`;
}

/** The first source not tried yet for a picture, or -1 when every one has failed. */
export function nextSource(tried: ReadonlySet<number>, count: number): number {
  for (let i = 0; i < count; i++) if (!tried.has(i)) return i;
  return -1;
}

/** The source to use first: the one remembered this session if it is still configured. */
export function activeSource(sources: string[], remembered: string | null): string {
  return remembered && sources.includes(remembered) ? remembered : (sources[0] ?? OWN_IMAGE_SOURCE);
}

// ---- the session's sources, and the watcher over every <img> of the page ----

let sources: string[] = [OWN_IMAGE_SOURCE];
const listeners = new Set<() => void>();

function remembered(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.imageSource);
  } catch {
    return null;
  }
}

function remember(source: string): void {
  if (remembered() === source) return;
  try {
    sessionStorage.setItem(STORAGE_KEYS.imageSource, source);
  } catch {
    // storage refused: the switch still holds for this page
  }
  current = source;
  for (const l of listeners) l();
}

let current: string = activeSource(sources, remembered());

function configure(next: string[]): void {
  if (next.join('\n') === sources.join('\n')) return;
  sources = next;
  current = activeSource(sources, remembered());
  for (const l of listeners) l();
}

/**
 * The image proxy the app's pictures use now (null: this server's `/i/`), given the server's
 * configured one: the user's chosen proxy, the server's, or whichever worked after a failure.
 */
export function useImageProxy(
  serverProxy: string | null,
  moreProxies: readonly string[] = [],
): string | null {
  const more = moreProxies.join('\n');
  useEffect(() => {
    configure(
      imageSources(
        localStorage.getItem(STORAGE_KEYS.imageProxy),
        serverProxy,
        more ? more.split('\n') : [],
      ),
    );
  }, [serverProxy, more]);
  const source = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
  return source === OWN_IMAGE_SOURCE ? null : source;
}

/**
 * The i.pximg.net address of a picture asked of one of the session's sources (`src` absolute, as
 * `img.src` reads), or null for any other picture (avatars of s.pximg.net, data and blob URLs).
 */
export function upstreamPicture(src: string): string | null {
  const k = sourceIndex(src, sources, window.location.origin);
  if (k < 0) return null;
  return `https://i.pximg.net/${src.slice(absolute(sources[k]!, window.location.origin).length)}`;
}

/** Per picture element: the sources already tried for it since its last success. */
const tried = new WeakMap<HTMLImageElement, Set<number>>();

function fail(img: HTMLImageElement): void {
  const origin = window.location.origin;
  const src = img.src;
  const k = sourceIndex(src, sources, origin);
  if (k < 0) return;
  const done = tried.get(img) ?? new Set<number>();
  done.add(k);
  const next = nextSource(done, sources.length);
  if (next < 0) return;
  tried.set(img, done);
  img.src = retarget(src, sources[k]!, sources[next]!, origin);
  watch(img);
}

function succeed(img: HTMLImageElement): void {
  if (!tried.has(img)) return;
  tried.delete(img);
  const k = sourceIndex(img.src, sources, window.location.origin);
  if (k >= 0) remember(sources[k]!);
}

const nearViewport = (img: HTMLImageElement) => {
  const r = img.getBoundingClientRect();
  return r.bottom > -800 && r.top < window.innerHeight + 800;
};

/** Gives the picture 10 s through its source; a lazy one off screen is not counted yet. */
function watch(img: HTMLImageElement): void {
  const src = img.src;
  if (!src || sourceIndex(src, sources, window.location.origin) < 0) return;
  window.setTimeout(() => {
    if (!img.isConnected || img.src !== src || img.complete) return;
    if (img.loading === 'lazy' && !nearViewport(img)) return watch(img);
    fail(img);
  }, IMAGE_SOURCE_TIMEOUT_MS);
}

/** Starts watching every picture of the page (once, at startup). */
export function installImageFallback(): void {
  const isImg = (t: EventTarget | null): t is HTMLImageElement => t instanceof HTMLImageElement;
  // error and load do not bubble: listen in the capture phase, on the document (an element's
  // load event never reaches the window).
  document.addEventListener('error', (e) => isImg(e.target) && fail(e.target), true);
  document.addEventListener('load', (e) => isImg(e.target) && succeed(e.target), true);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && isImg(r.target)) watch(r.target);
      for (const node of r.addedNodes) {
        if (isImg(node)) watch(node);
        else if (node instanceof Element) node.querySelectorAll('img').forEach(watch);
      }
    }
  }).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['src'],
  });
}
