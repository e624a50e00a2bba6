/**
 * Server rendering (issue 33): the app's first view of a URL as HTML, from the same components as
 * the app. Built by Vite's SSR build (`vite build --ssr`, dist/server/entry-server.js) and loaded by
 * the server (packages/server routes/server-render.ts), which hands it the first data it fetched
 * for the page; the app then hydrates the same markup from the same data (main.tsx).
 *
 * Per request: its own i18next instance in the page's language, its own QueryClient filled with
 * the first data (dehydrated into the page), React Router's static handler with the matched lazy
 * screen resolved. Nothing here may touch `window`, `document` or storage: settings read as the
 * defaults with the user's layout and content filters from the first-paint cookie (useSettings'
 * server snapshot, `data.view`), media queries as the server's hints.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { JSDOM } from 'jsdom';
import { LANGUAGES, FALLBACK_LANGUAGE, type ContentSettings } from '@pv/core';
import { Providers, createQueryClient } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import type { RouteHandle } from './app/routes.tsx';
import {
  seedFirstData,
  type PageData,
  type ServerData,
  viewSettings,
} from './app/server-render.ts';
import { ServerPageContexts } from './app/ServerPageContexts.tsx';
import { serverRouteOf } from './app/server-routes.ts';
import type { ApiClient } from './state/api/client.ts';
import { SERVER_CONFIG_KEY, seedServerConfig } from './state/queries/config.ts';
import { setPurifierWindow } from './lib/purifier.ts';
import { DocumentTitleSink, titleSink } from './lib/useDocumentTitle.ts';
import { novelRankModeOf } from './screens/RankNovel/novel-rank-types.ts';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json', {
  eager: true,
});

/**
 * The server's api client: the page's first data is in its queries before rendering, and a server
 * render never runs a query (no effects); any other call is answered as a failure, never sent.
 */
const noNetwork: ApiClient = {
  get: () => Promise.resolve({ status: -1, msg: 'tip.unknown_err' }),
  web: () => Promise.resolve({ status: -1, msg: 'tip.unknown_err' }),
  extras: () => Promise.resolve({ status: -1, msg: 'tip.unknown_err' }),
};

// Node has no DOM: the one sanitiser (captions, bios) works over jsdom's, made once
setPurifierWindow(new JSDOM('').window);

/**
 * The route `url` renders on the server with for a user with these content settings (the
 * first-paint cookie's; absent: the defaults), by its screen module (the client build's manifest
 * key, whose stylesheets the page links), or null where the server serves the shell.
 */
export function serverRoute(url: string, content?: ContentSettings): { screen: string } | null {
  const route = serverRouteOf(url, content);
  return route && { screen: route.screen };
}

/** The paths of the redirect routes, lower-cased (React Router matches them in any case). */
const REDIRECT_PATHS = new Set<string>();
(function collect(list: RouteObject[]) {
  for (const route of list) {
    if ((route.handle as RouteHandle | undefined)?.redirect !== undefined && route.path)
      REDIRECT_PATHS.add(route.path.toLowerCase().replace(/\/+$/, ''));
    if (route.children) collect(route.children);
  }
})(routes);

/**
 * Where the app sends `url` (path and query) at once, as a path and query, or null: a redirect
 * route of routes.tsx (`/rank`, pixiv's `/ranking.php`: its query dropped, as the app drops it),
 * or a novel ranking named by its illustration type's name (`/rank_novel/daily`, which
 * RankNovelScreen renames to its mode, `/rank_novel/day`, keeping the query). The server answers
 * such a URL with a redirect, so that a person landing there gets the rendered page it leads to,
 * not the shell and a redirect once the app has run.
 */
export function serverRedirect(url: string): string | null {
  const { pathname, search } = new URL(url, 'http://server.invalid');
  // matched (React Router's ranking of every route: about 0.25 ms) only where one of them may be
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (!REDIRECT_PATHS.has(path) && !path.startsWith('/rank_novel/')) return null;
  const matched = matchRoutes(routes, pathname)?.at(-1);
  if (!matched) return null;
  const to = (matched.route.handle as RouteHandle | undefined)?.redirect;
  if (to !== undefined) return to;
  if (matched.route.path === '/rank_novel/:type') {
    const type = matched.params.type;
    const mode = novelRankModeOf(type);
    if (mode !== undefined && mode !== type) return `/rank_novel/${mode}${search}`;
  }
  return null;
}

export interface ServerRender {
  /** The markup of `#root`. */
  html: string;
  /** The page's data block: the hints rendered with and the dehydrated queries. */
  data: PageData;
  /** The first-data URLs the markup was rendered from (their preloads are not needed). */
  used: string[];
  /** The HTTP status of the route (404 for an unknown path). */
  status: number;
  /** The page's title, as the app names it (useDocumentTitle); absent: the shell's. */
  title?: string;
}

/**
 * Renders `url` (path and query) with `data`; resolves null where the route has nothing to
 * render from data (not a route of server-routes.ts, a redirect, an answer that seeds nothing:
 * a work the user's settings hide), and rejects on a render failure (the server then serves its
 * shell).
 */
export async function render(url: string, data: ServerData): Promise<ServerRender | null> {
  const route = serverRouteOf(url, viewSettings(data.view).content);
  if (!route) return null;
  const language = (LANGUAGES as readonly string[]).includes(data.language)
    ? data.language
    : FALLBACK_LANGUAGE;
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources: {
      [language]: { translation: catalogues[`./locales/${language}.json`]!.default },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
    initAsync: false,
  });

  const queryClient = createQueryClient();
  // the server's config, as the app reads it from the page's config block (not dehydrated twice)
  if (data.config) seedServerConfig(queryClient, data.config);
  const used = seedFirstData(queryClient, data, route);
  // every answer the page needs seeded something (an optional part's may not: the app's then)
  const needed = Object.keys(data.firstData).filter((url) => !data.optional?.includes(url));
  if (used.length === 0 || needed.some((url) => !used.includes(url))) return null;

  const handler = createStaticHandler(routes);
  const request = new Request(new URL(url, 'http://server.invalid'), { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const named = titleSink();
  // every number and date the render writes, for the app's take-over (lib/format.ts FormatTable)
  const formats = new Map<string, string>();
  const html = renderToString(
    <StrictMode>
      <DocumentTitleSink.Provider value={named.sink}>
        <I18nextProvider i18n={i18n}>
          <ServerPageContexts page={data} formats={formats}>
            <Providers api={noNetwork} queryClient={queryClient} persist={false}>
              {/* hydrate false: React Router's own hydration data is an inline script */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </ServerPageContexts>
        </I18nextProvider>
      </DocumentTitleSink.Provider>
    </StrictMode>,
  );
  // a part that failed is left to the browser by React (a client-rendered boundary): not a page
  // the server may send as rendered
  if (html.includes('<!--$!-->')) throw new Error(`server render of ${url} failed in a boundary`);
  const block: PageData = {
    desktop: data.desktop,
    language,
    ...(data.view && { view: data.view }),
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (q) =>
        q.queryKey[0] !== SERVER_CONFIG_KEY && defaultShouldDehydrateQuery(q),
    }),
    ...(formats.size > 0 && { formats: Object.fromEntries(formats) }),
  };
  queryClient.clear();
  return {
    html,
    data: block,
    used,
    status: context.statusCode,
    ...(named.title() !== undefined && { title: named.title() }),
  };
}
