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

/**
 * The size in px of the picture an upstream URL serves, from the work's full size. pixiv's
 * resized copies carry their box in the path (`/c/540x540_70/…` medium, `/c/600x1200_90/…`
 * large, `/c/360x360_70/…` square is cropped, not fitted): the picture fits inside that box,
 * never enlarged. Any other URL (the original) serves the full size. Rounded to whole px, at
 * least 1, so that the result can be an `<img>`'s width and height.
 */
export function pictureSize(
  url: string,
  width: number,
  height: number,
): { width: number; height: number } {
  const box = /\/c\/(\d+)x(\d+)(?:_\d+)?\//.exec(url);
  const scale =
    box && width > 0 && height > 0 ? Math.min(1, +box[1]! / width, +box[2]! / height) : 1;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
