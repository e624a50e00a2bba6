/**
 * What the server hands the app with a server-rendered page (issue 33): the first data it fetched
 * for the page (the same mirror answers the page's first queries ask for, by their URL) and the
 * hints it rendered with. The server renders from these (entry-server.tsx), and the app hydrates
 * from the same, read from the page's data block, so both render the same markup.
 */
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Seeded, ServerRoute } from './server-routes.ts';

/** The id of the page's `<script type="application/json">` data block. */
export const SERVER_DATA_ID = 'pv-server-data';

export interface ServerData {
  /** Mirror answers by the URL the app asks for them (`/api/pixiv/rank?mode=day&date=…&page=1`). */
  firstData: Record<string, unknown>;
  /** Whether the server rendered the desktop layout (from the browser's mobile hint). */
  desktop: boolean;
  /** The interface language the server rendered in. */
  language: string;
  /** When the answers were fetched, ms since the epoch: the queries' `dataUpdatedAt`. */
  fetchedAt: number;
}

/**
 * Puts each first-data answer into the query its screen reads, as that query's own fetcher would
 * (server-routes.ts: the seeds of the page's route). Returns the URLs it used; an answer that
 * seeds nothing (malformed, of no seed of the route, a work the default settings hide) is skipped.
 */
export function seedFirstData(client: QueryClient, data: ServerData, route: ServerRoute): string[] {
  const used: string[] = [];
  for (const [url, body] of Object.entries(data.firstData)) {
    const [path = '', query = ''] = url.split('?');
    const endpoint = path.replace(/^\/api\/pixiv\//, '');
    const seed = route.seeds.find((s) => s.endpoint === endpoint);
    let seeded: Seeded | null = null;
    try {
      seeded = seed?.seed(body, new URLSearchParams(query)) ?? null;
    } catch {
      // a malformed answer: its screen would show its error, not a page to render
    }
    if (!seeded) continue;
    client.setQueryData(seeded.key, seeded.data, { updatedAt: data.fetchedAt });
    used.push(url);
  }
  return used;
}

/**
 * The viewport width the server renders for (media queries, ServerMediaContext): a common desktop
 * or phone width, by the browser's mobile hint.
 */
export function serverViewportWidth(desktop: boolean): number {
  return desktop ? 1440 : 390;
}

/** The page's data block: what the app's first render must render with to match the server's. */
export interface PageData {
  desktop: boolean;
  language: string;
  /** The server's queries (dehydrated), which the app hydrates before anything else. */
  queries: DehydratedState;
}

/** The page's data block, or null (no server rendering, or a block that does not parse). */
export function readPageData(doc: Document = document): PageData | null {
  const block = doc.getElementById(SERVER_DATA_ID);
  if (!block?.textContent) return null;
  try {
    const data = JSON.parse(block.textContent) as PageData;
    return data && typeof data.queries === 'object' && data.queries !== null ? data : null;
  } catch {
    return null;
  }
}

/**
 * Loads the lazy modules of the routes that `location` matches into the route objects, so that a
 * router made from them afterwards renders the screen at once (the server's markup) instead of
 * its hydrate fallback while the chunk loads.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      delete route.lazy;
      Object.assign(route, loaded);
    }),
  );
}
