const PXIMG = 'https://i.pximg.net/';
const SPXIMG = 'https://s.pximg.net/';
const SKETCHIMG = 'https://img-sketch.pximg.net/';

/**
 * Where the browser loads an upstream image from. pixiv's image hosts refuse requests without a
 * pixiv Referer, so images go through the server: `https://i.pximg.net/<p>` -> `/i/<p>` and
 * `https://s.pximg.net/<p>` -> `/s/<p>`, sketch images `https://img-sketch.pximg.net/<p>` -> `/sk/<p>`. With `imageProxy` (an external proxy origin that mirrors
 * i.pximg.net paths, e.g. `https://i.pixiv.re`), i.pximg.net images load from there instead.
 * Any other absolute URL yields '', so untrusted data never makes the browser fetch a third host.
 */
export function toProxiedImageUrl(url: string, imageProxy = ''): string {
  if (url.startsWith(PXIMG)) {
    const path = url.slice(PXIMG.length);
    return imageProxy ? `${imageProxy.replace(/\/+$/, '')}/${path}` : `/i/${path}`;
  }
  if (url.startsWith(SPXIMG)) return `/s/${url.slice(SPXIMG.length)}`;
  if (url.startsWith(SKETCHIMG)) return `/sk/${url.slice(SKETCHIMG.length)}`;
  return url.startsWith('/') && !url.startsWith('//') ? url : '';
}
