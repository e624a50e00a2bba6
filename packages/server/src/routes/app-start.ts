/**
 * A rendered page runs the app's code after its first frame (issue 33). The page is readable as it
 * arrives, so nothing it shows waits for the app; but its module scripts, fetched with the HTML,
 * were compiled as they came and, when in before the parse ended, run before Chromium painted it.
 * On a throttled phone (4× CPU, two cores; batches of 9–11 alternating runs) an artwork painted
 * 50–200 ms sooner with the same scripts preloaded and run after the first frame (first batch
 * 719 → 510 ms, a later one 658 → 611); the home, 560 → 643 and 684 → 662: within this machine's
 * noise. The take-over, about 2 s, came 30–70 ms later.
 *
 * So in a rendered page the scripts and their module preloads become plain preloads (`<link
 * rel="preload" as="script" crossorigin>`: fetched at once, at the same priority, not compiled),
 * and this script, inline in the head (allowed by its hash in the CSP, as the early taps' is),
 * adds the app's entry scripts (those marked `data-pv-start`, in their order) once the page is
 * parsed and its first frame is painted, or at once in a hidden tab, which paints no frame. The
 * module loads take the preloaded answers (same URL, same CORS mode). The shell (a page the
 * server did not render) keeps its scripts as they are: it has nothing to show before them.
 */
import { createHash } from 'node:crypto';

/** The attribute that marks the app's entry scripts among the preloads. */
export const APP_START_ATTRIBUTE = 'data-pv-start';

export const APP_START_SCRIPT =
  `(function(){var d=document,started=false;` +
  `function go(){if(started)return;started=true;` +
  `d.querySelectorAll('link[${APP_START_ATTRIBUTE}]').forEach(function(l){` +
  `var s=d.createElement('script');s.type='module';s.crossOrigin='anonymous';s.async=false;` +
  `s.src=l.getAttribute('href');d.head.appendChild(s)})}` +
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
 * `html` (a rendered page) with its head's module scripts and module preloads as plain preloads,
 * the scripts marked as the app's entry, and APP_START_ELEMENT at the end of its head; unchanged
 * when its head has no module script (nothing would start the app). The body (the rendered
 * markup and its data) is never read.
 */
export function startAfterFirstPaint(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  const head = html.slice(0, end);
  const entries = head.replace(
    MODULE_SCRIPT,
    (_, src: string) =>
      `<link rel="preload" as="script" crossorigin href="${src}" ${APP_START_ATTRIBUTE}>`,
  );
  if (entries === head) return html;
  const preloads = entries.replace(
    MODULE_PRELOAD,
    (_, href: string) => `<link rel="preload" as="script" crossorigin href="${href}">`,
  );
  return `${preloads}${APP_START_ELEMENT}${html.slice(end)}`;
}
