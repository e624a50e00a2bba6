import { useRenderWidth } from './useElementWidth.ts';

/**
 * Which of a server-rendered page's pictures load with its HTML (issue 33): those the browser shows
 * in its first screen without a scroll are `loading="eager"` (the preload scanner starts them with
 * the HTML); every other one is lazy, and the browser's lazy loading fetches it once the page is
 * laid out, as soon as it is within its margin of the window (1,250 px on a fast connection).
 *
 * Not more: the renderer handles each picture's answer on its main thread, and answers that
 * arrive while it commits the page come before the page's parse. Stop 65 loaded the pictures in
 * that margin with the HTML too (twenty of a phone's daily ranking, all thirty at 1440 px, the
 * home's rows whole: 42 pictures on a phone); against it (4× CPU, 16 runs each, the same run), the
 * first screen's alone gave the ranking's first paint at 344 ms instead of 426 on a phone, its
 * first card at 478 instead of 506 (547 and 610 at 1440 px), and an artwork's picture at 1440 px
 * at 294 ms instead of 471; the pictures below the window came some 100 ms later.
 */

/** The height the server's first screen is taken to be (a desktop's or a phone's window), px. */
export const FIRST_SCREEN_PX = 900;

/**
 * How many of a sideways row's items, each `itemPx` wide with its gap, start within a window
 * `windowWidth` px wide: those whose pictures load with the HTML when the row is in the first
 * screen.
 */
export function eagerInRow(itemPx: number, windowWidth: number): number {
  return Math.ceil(windowWidth / itemPx);
}

/** `eagerInRow` in the window the page is drawn for (`useRenderWidth`). */
export function useEagerInRow(itemPx: number): number {
  return eagerInRow(itemPx, useRenderWidth());
}
