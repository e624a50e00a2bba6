/**
 * What the server hands the app with a server-rendered page (issue 33): the first data it fetched
 * for the page (the same mirror answers the page's first queries ask for, by their URL) and the
 * hints it rendered with. The server renders from these (entry-server.tsx), and the app hydrates
 * from the same, read from the page's data block, so both render the same markup.
 */
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { matchPath, matchRoutes, type RouteObject } from 'react-router';
import type { ContentSettings, WfType } from '@pv/core';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '../state/settings/settings.ts';
import type { ServerConfig } from '../state/queries/config.ts';
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
  /** The user's settings that shape the lists (the first-paint cookie's); absent: the defaults. */
  view?: ServerView;
  /** What the server's `/api/config` answers (the page's config block carries the same). */
  config?: ServerConfig;
  /**
   * The first-data URLs of the page's optional parts (an artwork's comments, the home's
   * pixivision row): one that seeds nothing leaves its part to the app, not the page to the shell.
   */
  optional?: string[];
}

/**
 * The settings that shape a rendered list, from the first-paint cookie (core rules/first-paint.ts):
 * its layout, the content filters and how its pictures load. The server renders with them and the app hydrates with
 * them (its settings' server snapshot), then re-renders with its own. A user who blocks tags or
 * authors gets no rendered list (the cookie cannot carry the lists): the server's choice.
 */
export interface ServerView {
  layout: WfType;
  content: ContentSettings;
  hideRankManga: boolean;
  /** Pictures get their address near the viewport only (isImgLazyOb); absent: false. */
  observeImages?: boolean;
  /** Search results' minimum of likes (searchMinFav); absent: the default. */
  minLikes?: number;
  /** The browser's time zone, the dates' (lib/format.ts serverDates); absent: pixiv's. */
  timeZone?: string;
}

/**
 * The settings a page is rendered with: the defaults with the view's layout and filters, each
 * value validated as a stored setting is (the data block is read back from the page).
 */
export function viewSettings(view: ServerView | undefined): Settings {
  if (!view) return DEFAULT_SETTINGS;
  return parseSettings(
    JSON.stringify({
      content: view.content,
      app: {
        wfType: view.layout,
        hideRankManga: view.hideRankManga,
        isImgLazyOb: view.observeImages === true,
        ...(view.minLikes === undefined ? {} : { searchMinFav: view.minLikes }),
      },
    }),
  );
}

/**
 * The seeds of `route` that take the answer of `path`, each with the query params it reads: a
 * mirror call's (`/api/pixiv/{name}`) by its endpoint name, one of this server's own routes
 * (`/api/spotlight/{id}`) by its path pattern, whose params join the query's.
 */
function seedsOf(route: ServerRoute, path: string, query: string) {
  const mirror = /^\/api\/pixiv\/([^/]+)$/.exec(path)?.[1];
  return route.seeds.flatMap((seed) => {
    if (mirror !== undefined) return seed.endpoint === mirror ? [{ seed, params: query }] : [];
    const match = seed.endpoint.startsWith('/') ? matchPath(seed.endpoint, path) : null;
    if (!match) return [];
    const params = new URLSearchParams(query);
    for (const [k, v] of Object.entries(match.params)) if (v !== undefined) params.set(k, v);
    return [{ seed, params: params.toString() }];
  });
}

/**
 * Puts each first-data answer into the queries its screen reads, as those queries' own fetchers
 * would (server-routes.ts: the seeds of the page's route). Returns the URLs it used; an answer that
 * seeds nothing (malformed, of no seed of the route, a work the user's settings hide) is skipped.
 */
export function seedFirstData(client: QueryClient, data: ServerData, route: ServerRoute): string[] {
  const { content } = viewSettings(data.view);
  const used: string[] = [];
  for (const [url, body] of Object.entries(data.firstData)) {
    const [path = '', query = ''] = url.split('?');
    let seeded = false;
    for (const { seed, params } of seedsOf(route, path, query)) {
      let result: Seeded | null = null;
      try {
        result = seed.seed(body, new URLSearchParams(params), content);
      } catch {
        // a malformed answer: its screen would show its error, not a page to render
      }
      if (!result) continue;
      client.setQueryData(result.key, result.data, { updatedAt: data.fetchedAt });
      seeded = true;
    }
    if (seeded) used.push(url);
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
  /** The settings the lists were rendered with (absent: the defaults). */
  view?: ServerView;
  /** The server's queries (dehydrated), which the app hydrates before anything else. */
  queries: DehydratedState;
  /**
   * The numbers and dates its render wrote, by what each formatted (lib/format.ts FormatTable):
   * the app writes them the same without Intl.
   */
  formats?: Record<string, string>;
}

/**
 * A page the server rendered preloads its stylesheets at the end of its body (or links them
 * there: a page from an older server), its first paint styled by the rules inlined in its head
 * (server critical-css.ts): they apply once the app runs, here. The app adds each screen's
 * stylesheet to the head as it loads the screen, after what the head has: so that a screen's
 * rules come after the shared ones they may override, as without server rendering, the body's
 * stylesheets go to the head first, in their order (the inline rules keep the page styled
 * meanwhile).
 */
export function adoptServerStylesheets(doc: Document = document): void {
  const sheets = doc.querySelectorAll<HTMLLinkElement>(
    'body > link[rel="preload"][as="style"], body > link[rel="stylesheet"]',
  );
  for (const link of sheets) {
    // a preload becomes the stylesheet it fetched (the same URL and CORS mode: no second fetch)
    link.rel = 'stylesheet';
    link.removeAttribute('as');
    doc.head.append(link);
  }
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
