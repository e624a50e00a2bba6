/**
 * A rendered page runs the app's code after its first frame (issue 33). The page is readable as it
 * arrives, so nothing it shows waits for the app; but its module scripts, fetched with the HTML,
 * were compiled as they came and, when in before the parse ended, run before Chromium painted it.
 * On a throttled phone (4× CPU, two cores; batches of 9–11 alternating runs) an artwork painted
 * 50–200 ms sooner with the same scripts preloaded and run after the first frame (first batch
 * 719 → 510 ms, a later one 658 → 611); the home, 560 → 643 and 684 → 662: within this machine's
 * noise. The take-over, about 2 s, came 30–70 ms later.
 *
 * Nor are they fetched before that frame: preloaded with the HTML (`<link rel="preload"
 * as="script">`, about 500 KB of code on the home), their bytes came in while the page was parsed
 * and laid out, and the renderer took them in on the same thread. Paired runs at 4× (stop 57, 14–20
 * alternating runs each, the same build with and without the preloads): on a desktop the home's
 * first paint 636 → 572 and 688 → 596 ms, its first card 648 → 602 and 687 → 570, its 30 cards
 * 836 → 763 and 932 → 807; the ranking's first paint 456 → 400 (phone) and 524 → 440 (desktop), the
 * novel's 488 → 404 (desktop); the phone's home the same within the noise; and the take-over no
 * later (home 1,716 → 1,625 and 1,828 → 1,695 ms), the code being on this machine before the
 * frame is done. On a slow network the app's code no longer takes the bandwidth from the first
 * screen's pictures (a script preload is fetched at high priority, a picture at low).
 *
 * So a rendered page names its scripts in a data block (`<script type="application/json"
 * id="pv-start">`: the entry scripts, in their order, and the module preloads), and this script,
 * inline in the head (allowed by its hash in the CSP, as the early taps' is), adds them once the
 * page is parsed and its first frame is painted, or at once in a hidden tab, which paints no
 * frame: the entries as module scripts (in order: `async` off), the others as module preloads,
 * all asked for in the same task. The shell (a page the server did not render) keeps its scripts
 * as they are: it has nothing to show before them.
 */
import { createHash } from 'node:crypto';
import { jsonForScript } from './json-for-script.ts';

/** The id of the data block that names the app's scripts in a rendered page. */
export const APP_START_ID = 'pv-start';

/** What the data block holds: same-origin paths. */
export interface AppStartScripts {
  /** The entry scripts, in the order the page's head had them. */
  scripts: string[];
  /** The head's module preloads (the entry's chunks, the screen's, the language's catalogue). */
  modules: string[];
}

export const APP_START_SCRIPT =
  `(function(){var d=document,started=false;` +
  `function add(tag,set){var e=d.createElement(tag);e.crossOrigin='anonymous';set(e);d.head.appendChild(e)}` +
  `function go(){if(started)return;started=true;` +
  `var b=d.getElementById('${APP_START_ID}');if(!b)return;var j=JSON.parse(b.textContent);` +
  `j.scripts.forEach(function(h){add('script',function(e){e.type='module';e.async=false;e.src=h})});` +
  `j.modules.forEach(function(h){add('link',function(e){e.rel='modulepreload';e.href=h})})}` +
  `function parsed(){if(d.visibilityState!=='visible')return go();` +
  `d.addEventListener('visibilitychange',go);` +
  `requestAnimationFrame(function(){setTimeout(go)})}` +
  `if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',parsed);else parsed()})()`;

/** The script's CSP source (`'sha256-…'` without the quotes). */
export const APP_START_HASH = `sha256-${createHash('sha256').update(APP_START_SCRIPT, 'utf8').digest('base64')}`;

/** The script element, for the rendered page's head. */
export const APP_START_ELEMENT = `<script>${APP_START_SCRIPT}</script>`;

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * `html` (a rendered page) with its head's module scripts and module preloads taken out and named
 * in the `pv-start` data block, followed by APP_START_ELEMENT, at the end of its head; unchanged
 * when its head has no module script (nothing would start the app). The body (the rendered markup
 * and its data) is never read.
 */
export function startAfterFirstPaint(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  const head = html.slice(0, end);
  const named: AppStartScripts = { scripts: [], modules: [] };
  const rest = head
    .replace(MODULE_SCRIPT, (_, src: string) => (named.scripts.push(src), ''))
    .replace(MODULE_PRELOAD, (_, href: string) => (named.modules.push(href), ''));
  if (named.scripts.length === 0) return html;
  // the build's own paths, escaped all the same, as every data block is
  const block = `<script type="application/json" id="${APP_START_ID}">${jsonForScript(named)}</script>`;
  return `${rest}${block}${APP_START_ELEMENT}${html.slice(end)}`;
}
