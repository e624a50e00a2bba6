/**
 * Absolute URLs of this site, for what other sites read (cards, oEmbed, feeds), and the escaping
 * every value gets on its way into HTML or XML.
 */
import type { FastifyRequest } from 'fastify';
import { toProxiedImageUrl } from '@pv/core';

/** The site's name in cards, oEmbed answers and feeds (the shell's `<title>`). */
export const SITE_NAME = 'Pixiv Viewer';

/** A Host header of a name or address and an optional port, nothing else. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * This site's origin as the client reached it (`X-Forwarded-*` only under TRUST_PROXY, as
 * Fastify reads them). A Host that is no host name gives `localhost`: whatever it held never
 * reaches the markup. Nothing built from it is cached across requests.
 */
export function publicOrigin(req: FastifyRequest): string {
  const host = HOST.test(req.host) ? req.host : 'localhost';
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/**
 * An upstream picture as an absolute URL through this server's image proxy (or IMAGE_PROXY when
 * set, as the app loads it); '' for a URL of any other host.
 */
export function publicImageUrl(origin: string, upstream: string, imageProxy?: string): string {
  const proxied = toProxiedImageUrl(upstream, imageProxy);
  if (!proxied) return '';
  return proxied.startsWith('/') ? `${origin}${proxied}` : proxied;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for an HTML or XML attribute value or element content. Characters XML 1.0 forbids
 * (controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF) are dropped, so a
 * feed stays well-formed whatever upstream sent.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
