import { HYDRATED_ATTRIBUTE } from './useHydratedMark.ts';

/**
 * Taps on server markup that the app will draw anew (issue 33). A part of a server-rendered page
 * that React hydrates after the take-over (an artwork's related works: a Suspense boundary of
 * their own) keeps the server's elements until then; a grid among them then draws its cards as
 * new elements, measured (ImageGrid's server form gives way to its placed boxes). A tap there in
 * between would hydrate the part at once, and the grid's new render in the same task took the
 * tapped element out of the page before React's handler for it ran: a link opened as a new
 * document, a card's title did not open the viewer, a bookmark heart did nothing.
 *
 * So such markup is marked (`data-server-form` on its container, `data-key` on each item, the same
 * in both forms), and a plain tap on a link or button in it after the take-over
 * (`<html data-hydrated>`) is held here, before React sees it; the grid taps the same element of
 * the same item again once it has drawn its own (`replayHeldTaps`), where the app's handler does
 * what the tap asked.
 */

/** On the container of markup the app will draw anew once it has hydrated it. */
export const SERVER_FORM_ATTRIBUTE = 'data-server-form';
/** On each item of that markup, and on the same item in the app's own render: its key. */
export const ITEM_KEY_ATTRIBUTE = 'data-key';

/**
 * A held tap not replayed within this long is dropped, ms: a part hydrates within a second of
 * the take-over (at 4× CPU), and a tap must not fire on a grid drawn later, on another visit.
 */
export const HOLD_MS = 3000;

interface HeldTap {
  at: number;
  key: string;
  /** The tapped element's place under its item: a child's index, from the item down. */
  path: number[];
}

const held: HeldTap[] = [];

const TAPPABLE = 'a[href], button, [role="button"], summary';

/** Holds the page's plain taps on links and buttons of server markup the app will draw anew. */
export function installHeldTaps(doc: Document = document): void {
  doc.addEventListener(
    'click',
    (event) => {
      // before the take-over, a link is the browser's and a button the inline script's
      // (early-taps.ts): if the app never takes the page over, they still work
      if (!doc.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)) return;
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
      const item = target?.closest(`[${ITEM_KEY_ATTRIBUTE}]`);
      if (!target || !item || !item.closest(`[${SERVER_FORM_ATTRIBUTE}]`)) return;
      // a new tab or a download is the browser's to open
      if (target instanceof HTMLAnchorElement && (target.target || target.hasAttribute('download')))
        return;
      const path: number[] = [];
      for (let el: Element = target; el !== item; el = el.parentElement!)
        path.unshift(Array.prototype.indexOf.call(el.parentElement!.children, el));
      held.push({ at: performance.now(), key: item.getAttribute(ITEM_KEY_ATTRIBUTE)!, path });
      event.preventDefault();
      event.stopPropagation();
    },
    { capture: true },
  );
}

/**
 * Taps again, once each and in order, the held taps on items now drawn in `container` by the app:
 * the element at the same place under the item with the same key. A held tap whose item the app
 * does not draw there stays held (for another grid with that item).
 */
export function replayHeldTaps(container: Element, now = performance.now()): void {
  for (const tap of held.slice()) {
    if (now - tap.at > HOLD_MS) {
      held.splice(held.indexOf(tap), 1);
      continue;
    }
    let el: Element | null | undefined = [
      ...container.querySelectorAll(`[${ITEM_KEY_ATTRIBUTE}]`),
    ].find((item) => item.getAttribute(ITEM_KEY_ATTRIBUTE) === tap.key);
    if (!el || el.closest(`[${SERVER_FORM_ATTRIBUTE}]`)) continue;
    held.splice(held.indexOf(tap), 1);
    for (const i of tap.path) el = el?.children[i];
    if (el instanceof HTMLElement) el.click();
  }
}
