/**
 * Direct image mode (spec 001 §2.7, §4; app setting `isDirectPximg`): pictures come from
 * i.pximg.net itself instead of through an image proxy. i.pximg.net answers only requests that
 * carry pixiv's Referer, which a page cannot send, so the mode needs the helper userscript the
 * spec names (the original viewer's HTTP helper, run by Tampermonkey or Violentmonkey): it defines
 * `window.__httpRequest__(url, configJson)`, which fetches with the extension's own request
 * (GM_xmlhttpRequest, any Referer) and resolves `{ data }`, a `blob:` URL when asked for
 * `responseType: 'blobUrl'`. Without the helper the mode cannot be turned on (the preferences
 * check it) and does nothing if it was (a settings file brought it from another browser).
 */

/** The helper's request call (window.__httpRequest__). */
export type PictureHelper = (url: string, config: string) => Promise<{ data?: unknown }>;

/** The installed helper's request call, or null when the userscript is not installed. */
export function pictureHelper(): PictureHelper | null {
  const helper = (window as { __httpRequest__?: unknown }).__httpRequest__;
  return typeof helper === 'function' ? (helper as PictureHelper) : null;
}

/** What the helper is asked for: the picture as a blob: URL, with pixiv's Referer. */
export const DIRECT_PICTURE_REQUEST = JSON.stringify({
  method: 'GET',
  responseType: 'blobUrl',
  headers: { Referer: 'https://www.pixiv.net/' },
});

/**
 * Swaps each picture of the page that is asked of an image source for the same picture fetched
 * from i.pximg.net by the helper (`upstream` maps a source URL to its i.pximg.net one, or null).
 * A picture the helper cannot fetch keeps its proxied address, so it still shows.
 */
export function installDirectPictures(
  helper: PictureHelper,
  upstream: (src: string) => string | null,
): void {
  const asked = new WeakMap<HTMLImageElement, string>();
  const swap = (img: HTMLImageElement) => {
    const src = img.src;
    const url = src ? upstream(src) : null;
    if (!url || asked.get(img) === url) return;
    asked.set(img, url);
    helper(url, DIRECT_PICTURE_REQUEST).then(
      ({ data }) => {
        // still the picture it was asked for (a virtualised card may show another work now)
        if (typeof data === 'string' && data.startsWith('blob:') && img.src === src) img.src = data;
      },
      () => undefined,
    );
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof HTMLImageElement) swap(r.target);
      for (const node of r.addedNodes) {
        if (node instanceof HTMLImageElement) swap(node);
        else if (node instanceof Element) node.querySelectorAll('img').forEach(swap);
      }
    }
  }).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['src'],
  });
  document.querySelectorAll('img').forEach(swap);
}
