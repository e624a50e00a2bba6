import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOLD_MS, installHeldTaps, replayHeldTaps } from './held-taps.ts';

/** A grid's server markup: two items, each a link with a picture and a title button. */
const SERVER = `<div id="grid" data-server-form="">${[1, 2]
  .map(
    (id) =>
      `<div><div data-key="${id}"><article><a href="/artworks/${id}"><img alt=""></a>` +
      `<button type="button">title ${id}</button></article></div></div>`,
  )
  .join('')}</div>`;

/** The app's own drawing of the same grid: other elements, the same items, no wrapper. */
function drawAnew(): { grid: Element; clicked: string[] } {
  const grid = document.getElementById('grid')!;
  grid.removeAttribute('data-server-form');
  grid.innerHTML = [2, 1]
    .map(
      (id) =>
        `<div data-key="${id}"><article><a href="/artworks/${id}"><img alt=""></a>` +
        `<button type="button">title ${id}</button></article></div>`,
    )
    .join('');
  const clicked: string[] = [];
  grid.addEventListener('click', (e) => {
    e.preventDefault();
    clicked.push(
      (e.target as Element).closest('a')?.getAttribute('href') ??
        (e.target as Element).textContent!,
    );
  });
  return { grid, clicked };
}

/** Taps `el`; whether the page (a listener on the body) saw the tap. */
function tap(el: Element, init: MouseEventInit = {}): boolean {
  let seen = false;
  const onBody = () => (seen = true);
  // after the page's listeners: jsdom would try to open a link
  const cancel = (e: Event) => e.preventDefault();
  document.body.addEventListener('click', onBody);
  window.addEventListener('click', cancel);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  el.dispatchEvent(event);
  document.body.removeEventListener('click', onBody);
  window.removeEventListener('click', cancel);
  // held: the browser does nothing with it either
  if (!seen) expect(event.defaultPrevented).toBe(true);
  return seen;
}

describe('held taps', () => {
  // one listener for the file (document listeners cannot be taken back from here)
  installHeldTaps();
  beforeEach(() => document.documentElement.setAttribute('data-hydrated', ''));
  afterEach(() => {
    // whatever a test left held goes with a replay far in the future
    replayHeldTaps(document.body, performance.now() + HOLD_MS + 1);
    document.body.innerHTML = '';
  });

  it('holds a tap on a link or button of server markup and gives it to the app’s own element', () => {
    document.body.innerHTML = SERVER;
    const [, second] = document.querySelectorAll('[data-key]');
    expect(tap(second!.querySelector('img')!)).toBe(false);
    expect(tap(document.querySelector('[data-key="1"] button')!)).toBe(false);
    const { grid, clicked } = drawAnew();
    replayHeldTaps(grid);
    // in order, each on the same element of the same item, though the items moved
    expect(clicked).toEqual(['/artworks/2', 'title 1']);
    // once
    replayHeldTaps(grid);
    expect(clicked).toHaveLength(2);
  });

  it('leaves every other tap to the page', () => {
    document.body.innerHTML = SERVER;
    const link = document.querySelector('a')!;
    // a modified tap (a new tab or window) and another button
    expect(tap(link, { ctrlKey: true })).toBe(true);
    expect(tap(link, { button: 1 })).toBe(true);
    // not a link or button
    expect(tap(document.querySelector('article')!)).toBe(true);
    // a link opening elsewhere
    link.setAttribute('target', '_blank');
    expect(tap(link)).toBe(true);
    // before the take-over: the browser's (and the inline script's), as if the app never came
    document.documentElement.removeAttribute('data-hydrated');
    link.removeAttribute('target');
    expect(tap(link)).toBe(true);
    document.documentElement.setAttribute('data-hydrated', '');
    // markup the app drew: no longer the server's form
    document.getElementById('grid')!.removeAttribute('data-server-form');
    expect(tap(document.querySelector('button')!)).toBe(true);
    const { grid, clicked } = drawAnew();
    replayHeldTaps(grid);
    expect(clicked).toEqual([]);
  });

  it('keeps a tap for a grid that draws its item, and drops one not replayed in time', () => {
    document.body.innerHTML = SERVER;
    expect(tap(document.querySelector('[data-key="1"] a')!)).toBe(false);
    // another container without the item, or still in the server's form: the tap waits
    const other = document.createElement('div');
    other.innerHTML = '<div data-key="9"><a href="/artworks/9">9</a></div>';
    replayHeldTaps(other);
    replayHeldTaps(document.getElementById('grid')!);
    const { grid, clicked } = drawAnew();
    replayHeldTaps(grid, performance.now() + HOLD_MS + 1);
    expect(clicked).toEqual([]);
  });
});
