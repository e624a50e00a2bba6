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

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL's origin, or null when absolute URLs must be taken from the request. */
    publicUrl: string | null;
  }
}

/**
 * This site's origin: PUBLIC_URL when configured; otherwise as the client reached it
 * (`X-Forwarded-*` only under TRUST_PROXY, as Fastify reads them), and then an answer that
 * carries it must not be stored by shared caches (`sharedCacheControl`). A Host that is no host
 * name gives `localhost`: whatever it held never reaches the markup.
 */
export function publicOrigin(req: FastifyRequest): string {
  if (req.server.publicUrl) return req.server.publicUrl;
  const host = HOST.test(req.host) ? req.host : 'localhost';
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/**
 * Cache-Control for an answer holding absolute URLs of this site, kept `maxAge` seconds: public
 * with PUBLIC_URL; private without it, since the host it names came from the request (a Host or
 * X-Forwarded-Host of the client's choosing must never reach a shared cache's other users).
 */
export function sharedCacheControl(req: FastifyRequest, maxAge: number): string {
  return `${req.server.publicUrl ? 'public' : 'private'}, max-age=${maxAge}`;
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
