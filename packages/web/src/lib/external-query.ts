/**
 * Spec 001 §2.1: when the query string has a key starting with http, the browser navigates to
 * that key (links shared by old clients). Only http(s) URLs with a host qualify. Issue 34: that
 * must not make every page an open redirect, so only pixiv's own hosts and this site are followed
 * at once; any other destination is named to the user first (app/shell/LeaveSite.tsx).
 */

/** pixiv's hosts, followed without asking: pixiv.net, pixivision.net and every pximg.net host. */
const PIXIV_HOST = /^(?:(?:www\.)?pixiv\.net|(?:www\.)?pixivision\.net|[a-z0-9-]+\.pximg\.net)$/;

export interface ExternalTarget {
  /** The destination, as the URL parser spells it. */
  url: string;
  /** True for pixiv's hosts and this site's origin: followed at once. */
  direct: boolean;
}

export function externalTarget(search: string, ownOrigin: string): ExternalTarget | null {
  for (const key of new URLSearchParams(search).keys()) {
    if (!key.startsWith('http')) continue;
    let url: URL;
    try {
      url = new URL(key);
    } catch {
      continue; // not a URL: keep looking
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) continue;
    // `https://evil.example@127.0.0.1/` names one host and goes to another: never at once
    const plain = !url.username && !url.password;
    const direct = plain && (PIXIV_HOST.test(url.hostname) || url.origin === ownOrigin);
    return { url: url.href, direct };
  }
  return null;
}
