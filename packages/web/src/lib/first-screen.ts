import { useContext } from 'react';
import { ServerMediaContext } from './useMediaQuery.ts';
import { useServerRender } from './useServerRender.ts';

/**
 * Which of a server-rendered page's pictures load with its HTML (issue 33). A picture the browser
 * shows without a scroll, or one its lazy loading would fetch as soon as the page is laid out, is
 * `loading="eager"`: the preload scanner starts it with the HTML instead of waiting for the first
 * layout to place it (a trace of a phone's daily ranking at 4× CPU: asked for at 620 ms, where the
 * first-card bench's limit page, its pictures all in its markup, had them by 320 ms). The rest
 * stay lazy.
 */

/** The height the server's first screen is taken to be (a desktop's or a phone's window), px. */
export const FIRST_SCREEN_PX = 900;

/**
 * How far past the window Chromium's lazy loading fetches a picture as soon as the page is laid
 * out, on a fast connection (its `lazyImageLoadingDistanceThresholdPx4G`; 2,500 px on 3G, more on
 * slower ones), px, down a page and along a row that scrolls sideways. Eager within it costs no
 * byte the browser would not fetch at once anyway.
 */
export const LAZY_MARGIN_PX = 1250;

/**
 * How many of a sideways row's items, each `itemPx` wide with its gap, start within the browser's
 * margin of a window `windowWidth` px wide: those whose pictures load with the HTML.
 */
export function eagerInRow(itemPx: number, windowWidth: number): number {
  return Math.ceil((windowWidth + LAZY_MARGIN_PX) / itemPx);
}

/**
 * `eagerInRow` in the window the page is drawn for: on the server and in the app's hydration of
 * its markup, the width the server rendered for; after it, the window's own.
 */
export function useEagerInRow(itemPx: number): number {
  const serverWidth = useContext(ServerMediaContext);
  const server = useServerRender();
  const width = server || typeof window === 'undefined' ? (serverWidth ?? 1024) : window.innerWidth;
  return eagerInRow(itemPx, width);
}
