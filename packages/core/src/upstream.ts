/**
 * Base URLs of every upstream host, without a trailing slash. The real pixiv hosts are the
 * production values; the sandbox serves each host under a prefix of one local base URL
 * (e.g. `http://127.0.0.1:8081/app-api.pixiv.net`), so every client takes these as input.
 */
export interface UpstreamHosts {
  /** app-api.pixiv.net: the mobile app API. */
  appApi: string;
  /** oauth.secure.pixiv.net: `POST /auth/token`. */
  oauth: string;
  /** www.pixiv.net: web ajax, ranking.php, showcase JSON. */
  www: string;
  /** i.pximg.net: images, ugoira zips. 403 without a pixiv Referer. */
  pximg: string;
  /** s.pximg.net: placeholders (no_profile, limit_*). */
  spximg: string;
  /** www.pixivision.net: editorial articles (HTML). */
  pixivision: string;
  /** sketch.pixiv.net: live streams (JSON, websocket, HLS). */
  sketch: string;
  /** img-sketch.pximg.net: sketch images (live thumbnails, sketch user icons). */
  sketchImg: string;
  /** saucenao.com: reverse image search (`POST /search.php`). */
  imageSearch: string;
}

/** The real hosts. Upstream JSON always carries these origins in its URLs (next_url, image URLs). */
export const PIXIV_HOSTS: Readonly<UpstreamHosts> = Object.freeze({
  appApi: 'https://app-api.pixiv.net',
  oauth: 'https://oauth.secure.pixiv.net',
  www: 'https://www.pixiv.net',
  pximg: 'https://i.pximg.net',
  spximg: 'https://s.pximg.net',
  pixivision: 'https://www.pixivision.net',
  sketch: 'https://sketch.pixiv.net',
  sketchImg: 'https://img-sketch.pximg.net',
  imageSearch: 'https://saucenao.com',
});

/** Hostname of each upstream host, keyed like UpstreamHosts (the sandbox uses these as path prefixes). */
export const PIXIV_HOSTNAMES: Readonly<Record<keyof UpstreamHosts, string>> = Object.freeze({
  appApi: 'app-api.pixiv.net',
  oauth: 'oauth.secure.pixiv.net',
  www: 'www.pixiv.net',
  pximg: 'i.pximg.net',
  spximg: 's.pximg.net',
  pixivision: 'www.pixivision.net',
  sketch: 'sketch.pixiv.net',
  sketchImg: 'img-sketch.pximg.net',
  imageSearch: 'saucenao.com',
});
