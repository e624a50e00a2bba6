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
