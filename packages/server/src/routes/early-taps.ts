/**
 * Taps on a server-rendered page before the app has taken it over (issue 33): the page's buttons
 * are the server's markup until the app's script has loaded and hydrated it, and a tap on one in
 * that time would do nothing. This script, inline in the head of a rendered page (allowed by its
 * hash in the CSP, nothing else inline), holds such taps: it keeps each tapped button until
 * `<html data-hydrated>` is set (packages/web src/lib/useHydratedMark.ts), and the app then taps
 * them again, in order (`replayEarlyTaps`). Links are left alone: they work without the app.
 */
import { createHash } from 'node:crypto';

/** The global the script keeps the taps in (packages/web src/lib/early-taps.ts reads it). */
export const EARLY_TAPS_GLOBAL = '__pvTaps';

export const EARLY_TAPS_SCRIPT =
  `(function(){var d=document,q=window.${EARLY_TAPS_GLOBAL}=[];` +
  `d.addEventListener('click',function(e){` +
  `if(d.documentElement.hasAttribute('data-hydrated'))return;` +
  `var t=e.target&&e.target.closest&&e.target.closest('button,[role="button"],summary');` +
  `if(!t||t.disabled)return;` +
  `e.preventDefault();e.stopPropagation();if(q.indexOf(t)<0)q.push(t)},true)})()`;

/** The script's CSP source (`'sha256-…'` without the quotes). */
export const EARLY_TAPS_HASH = `sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT, 'utf8').digest('base64')}`;

/** The script element, for the rendered page's head. */
export const EARLY_TAPS_ELEMENT = `<script>${EARLY_TAPS_SCRIPT}</script>`;
