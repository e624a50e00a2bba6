/**
 * Security headers on every answer, and the strict Content-Security-Policy of the SPA: scripts
 * and styles only from this origin, images from here (and the configured image proxies), no
 * plugins, no framing.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function contentSecurityPolicy(
  imageProxies: (string | undefined)[] = [],
  styleHashes: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): string {
  const proxies = imageProxies.filter((p): p is string => !!p).map((p) => new URL(p).origin);
  const images = ["'self'", 'data:', 'blob:', ...new Set(proxies)];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
    ["style-src 'self'", ...styleHashes.map((h) => `'${h}'`)].join(' '),
    `img-src ${images.join(' ')}`,
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every answer carries (lib/fast-hits.ts sends them too). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
});

/** Pages that carry a whole policy of their own (the Immersive Translate page). */
const ownPolicies = new WeakSet<FastifyRequest>();

/**
 * This answer's Content-Security-Policy is the route's own, whole (set by the route), not the
 * SPA's plus the route's directives: for a page that must run a script the SPA's policy forbids,
 * and so must also sandbox itself away from this origin.
 */
export function keepOwnPolicy(req: FastifyRequest): void {
  ownPolicies.add(req);
}

/** The inline styles each page answer carries, allowed by their hashes in its CSP. */
const inlineStyles = new WeakMap<FastifyRequest, string[]>();

/**
 * Allows one `<style>` element's exact text in this request's page (CSP level 2 hash): nothing
 * else inline, and only for this answer.
 */
export function allowInlineStyle(req: FastifyRequest, css: string): void {
  allowInlineStyleHash(req, styleHash(css));
}

/** A `<style>` element's CSP hash source (without its quotes). */
export function styleHash(css: string): string {
  return `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
}

/** allowInlineStyle with the hash worked out before (styleHash): a kept render's. */
export function allowInlineStyleHash(req: FastifyRequest, hash: string): void {
  inlineStyles.set(req, [...(inlineStyles.get(req) ?? []), hash]);
}

/** The inline scripts each page answer carries, allowed by their hashes in its CSP. */
const inlineScripts = new WeakMap<FastifyRequest, string[]>();

/**
 * Allows one `<script>` element's exact text in this request's page (its CSP hash, never
 * 'unsafe-inline'): nothing else inline, and only for this answer.
 */
export function allowInlineScript(req: FastifyRequest, hash: string): void {
  inlineScripts.set(req, [...(inlineScripts.get(req) ?? []), hash]);
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  imageProxies: (string | undefined)[] = [],
): void {
  const csp = contentSecurityPolicy(imageProxies);
  app.addHook('onSend', async (req, reply) => {
    reply.headers(SECURITY_HEADERS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || ownPolicies.has(req)) return;
    const styles = inlineStyles.get(req);
    const scripts = inlineScripts.get(req);
    const policy = styles || scripts ? contentSecurityPolicy(imageProxies, styles, scripts) : csp;
    // a route's own directives (the translation's `sandbox`) are added to the policy
    const own = reply.getHeader('content-security-policy');
    reply.header('content-security-policy', own ? `${policy}; ${String(own)}` : policy);
  });
}
