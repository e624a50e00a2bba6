import { cleanup, configure } from '@testing-library/react';
import { clearToasts } from './state/ui/toast.ts';

// findBy… and waitFor wait for a state up to 5 s, not 1 s: rendering a screen on a loaded
// two-core machine can take longer than a second, and a wait ends as soon as the state is there.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout, so it has no ResizeObserver or IntersectionObserver. Components that
// observe size or visibility get inert ones here; what they do with real layout is covered by
// the browser tests in e2e/.
class InertObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
const g = globalThis as Record<string, unknown>;
g.ResizeObserver ??= InertObserver;
g.IntersectionObserver ??= InertObserver;
if (typeof window !== 'undefined') window.scrollTo = () => {};
// jsdom has no media queries either: every query reads as not matching (a wide screen).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The web project runs its files in one shared jsdom per worker (vitest.config.ts: isolate
// false), and this file runs again before each file: each starts with nothing mounted, empty
// storage, no cookies and a bare document, as in a page of its own. (Testing Library unmounts
// after each test only with Vitest's globals, which this project does not turn on: a tree an
// earlier file left mounted kept its subscriptions, such as a toaster's, which started the next
// file's toast timers.)
if (typeof window !== 'undefined') {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name);
  }
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.body.getAttributeNames().forEach((name) => document.body.removeAttribute(name));
  document.title = '';
  window.history.replaceState(null, '', '/');
  clearToasts();
}
