/**
 * The one DOMPurify instance behind every sanitiser of untrusted HTML (lib/safe-html.ts, the
 * novel's caption and translation): in the browser DOMPurify's own, over the page's window; in a
 * server render (entry-server.tsx) one over the DOM window the server gives it, as Node has none.
 * DOMPurify without a DOM would hand its input back unsanitised: that is refused here.
 */
import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';

let instance: Purifier = DOMPurify;

/** Sanitise over `window` from now on (a server render's DOM; once per process). */
export function setPurifierWindow(window: WindowLike): void {
  instance = DOMPurify(window);
}

/** The sanitiser; throws where there is no DOM to sanitise with. */
export function purifier(): Purifier {
  if (!instance.isSupported) throw new Error('no DOM to sanitise HTML with');
  return instance;
}
