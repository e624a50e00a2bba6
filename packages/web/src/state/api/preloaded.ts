/**
 * The answers the page's HTML preloaded (`<link rel=preload as=fetch>`, server
 * routes/first-data.ts), taken at the app's start so that Chromium never finds a preload unused
 * (its console warning, and a second fetch of the same data): one fetch per preload link, made as
 * the app's own calls are made (same URL, CORS mode, same-origin credentials), which the browser
 * answers from the preload. The app's first call of that URL then takes the held answer instead
 * of asking again; a call that finds the answer already in its stored queries never asks, and the
 * held answer is simply dropped.
 */
import { HTTP_TIMEOUT_MS } from '@pv/core';

/**
 * How long a held answer waits for the app's own call, ms: the page's first data, not a later
 * visit to the same URL (which must ask again for a fresh answer).
 */
export const PRELOAD_HOLD_MS = 30_000;

interface Held {
  answer: Promise<Response>;
  until: number;
}

const held = new Map<string, Held>();

/** The request every preloaded answer is asked with: the API client's own. */
export const PRELOAD_REQUEST: RequestInit = { headers: { accept: 'application/json' } };

/** Asks for every preloaded answer of the document once (at the app's start). */
export function holdPreloads(
  doc: Document = document,
  doFetch: typeof fetch = (...args) => fetch(...args),
  now: () => number = Date.now,
): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const url = link.getAttribute('href');
    // only this origin's paths: the app's calls name them the same way
    if (!url || !url.startsWith('/') || url.startsWith('//') || held.has(url)) continue;
    const answer = doFetch(url, {
      ...PRELOAD_REQUEST,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    // a failure is the taker's to handle; unused, it is nobody's
    answer.catch(() => undefined);
    held.set(url, { answer, until: now() + PRELOAD_HOLD_MS });
  }
}

/** The held answer for a path (once), while it is still the page's first data. */
export function takePreloaded(
  url: string,
  now: () => number = Date.now,
): Promise<Response> | undefined {
  const entry = held.get(url);
  if (!entry) return undefined;
  held.delete(url);
  return entry.until >= now() ? entry.answer : undefined;
}

/** Drops every held answer (tests). */
export function clearPreloads(): void {
  held.clear();
}
