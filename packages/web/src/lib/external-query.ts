/**
 * Spec 001 §2.1: when the query string has a key starting with http, the browser navigates to
 * that key (links shared by old clients). Only http(s) URLs with a host qualify.
 */
export function externalTarget(search: string): string | null {
  for (const key of new URLSearchParams(search).keys()) {
    if (!key.startsWith('http')) continue;
    try {
      const url = new URL(key);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host) return url.href;
    } catch {
      // Not a URL: keep looking.
    }
  }
  return null;
}
