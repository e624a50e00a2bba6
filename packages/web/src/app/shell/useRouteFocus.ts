import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';

/** How long a screen may take to draw the element that should take the focus. */
const WAIT_MS = 10_000;

/**
 * Calls `found` with the first element `find` returns, now or once the page draws it (a lazy
 * screen, a list that loads). Returns the cancel function.
 */
function whenPresent(find: () => HTMLElement | null, found: (el: HTMLElement) => void) {
  const now = find();
  if (now) {
    found(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const el = find();
    if (!el) return;
    stop();
    found(el);
  });
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

const main = () => document.getElementById('main');

/** A screen that put the focus on a control of its own (a dialog's button, a field) keeps it. */
function screenHasFocus(): boolean {
  const active = document.activeElement;
  const m = main();
  return !!m && !!active && active !== m && m.contains(active);
}

/**
 * Focus on route changes (WCAG 2.4.3): a new screen puts the focus on its heading, so that a
 * screen reader announces it and the next Tab starts in the page, not back at the top of the
 * document; Back (and Forward) return it to the link that opened the screen left, when that
 * screen draws the link again (the card that was opened). The first load, with any redirect it
 * makes, leaves the focus alone, so that the skip link stays the first stop; a change within one screen (its tabs, its filters)
 * keeps the focus where the user put it.
 */
export function useRouteFocus() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  /** The link of the screen that was followed from each history entry (its key). */
  const opened = useRef(new Map<string, string>());
  const lastLink = useRef<string | null>(null);
  const previous = useRef<{ key: string; routeId: string | undefined } | null>(null);
  /** Until the first click, push or history step, every entry is the first load's (redirects). */
  const firstLoad = useRef(true);

  useEffect(() => {
    // Enter on a link fires a click too, so this sees both the mouse and the keyboard.
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href]');
      lastLink.current = link && main()?.contains(link) ? link.getAttribute('href') : null;
      firstLoad.current = false;
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    const before = previous.current;
    previous.current = { key: location.key, routeId };
    if (!before || before.key === location.key) return;
    // A redirect of the first load (an article sent to its other route, an old address) is
    // still the first load: the focus stays where it was, with no ring around the title.
    if (navigationType !== 'REPLACE') firstLoad.current = false;
    else if (firstLoad.current) return;
    if (lastLink.current) opened.current.set(before.key, lastLink.current);
    lastLink.current = null;
    const back = navigationType === 'POP' ? opened.current.get(location.key) : undefined;
    if (back) {
      const selector = `a[href="${CSS.escape(back)}"]`;
      return whenPresent(
        () => main()?.querySelector<HTMLElement>(selector) ?? null,
        (link) => link.focus({ preventScroll: true }),
      );
    }
    if (before.routeId === routeId) return;
    return whenPresent(
      () => main()?.querySelector<HTMLElement>('h1') ?? null,
      (heading) => {
        if (screenHasFocus()) return;
        // Focusable by script only: a heading is not a Tab stop.
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      },
    );
    // The location's key alone says a navigation happened; its type and route come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
