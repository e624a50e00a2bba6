/**
 * Taps held before the app took a server-rendered page over (issue 33): the server's inline
 * script (packages/server src/routes/early-taps.ts) keeps each button tapped before
 * `<html data-hydrated>` in this global, in order, and stops the tap there; the app taps them
 * again once it has taken the page over, so that no tap of that time is lost.
 */
export const EARLY_TAPS_GLOBAL = '__pvTaps';

/**
 * Taps again, once each and in order, the buttons tapped before the app took the page over that
 * are still in the page (a part the app rendered anew has other elements: those taps go).
 */
export function replayEarlyTaps(win: Window = window): void {
  const held = (win as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
  if (!Array.isArray(held)) return;
  for (const el of held.splice(0) as unknown[]) {
    if (el instanceof HTMLElement && el.isConnected) el.click();
  }
}
