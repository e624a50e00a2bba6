/**
 * A tap on a link of the server's markup that the app replaced while it handled the tap (issue 33):
 * a part of a page the server rendered that React hydrates after the take-over (an artwork's
 * related works, a Suspense boundary of their own) is hydrated at once when tapped, and its grid
 * then draws its cards anew, measured, in the same task: the tapped link is gone from the page
 * before React's handler for it runs, and the browser would open it as a new document. Such a
 * link (same origin, plain left click, no target, not a download, its default not prevented) is
 * opened by the router instead, as the link the app drew in its place opens.
 */
export function installReplacedLinks(
  navigate: (to: string) => unknown,
  doc: Document = document,
): void {
  doc.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target;
    const link = target instanceof Element ? target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.isConnected) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href, doc.baseURI);
    if (url.origin !== new URL(doc.baseURI).origin) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  });
}
