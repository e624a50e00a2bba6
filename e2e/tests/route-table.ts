import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { rankingDateWindow } from '@pv/core';

/**
 * The screens of the SPA's one route table (packages/web/src/app/routes.tsx), read from its
 * source so that a screen added there joins the tests that walk every screen. Each entry is one
 * screen: an alias list counts once (its first path) and redirects are left out.
 */
export function routeTableScreens(): string[] {
  const file = fileURLToPath(new URL('../../packages/web/src/app/routes.tsx', import.meta.url));
  const table = readFileSync(file, 'utf8').split('export const screenRoutes')[1]!.split('];')[0]!;
  const paths: string[] = [];
  // a withAliases([...]) list written one path a line counts once, by its first path
  let inList = false;
  let listTaken = false;
  for (const line of table.split('\n')) {
    const text = line.trim();
    if (/withAliases\(\s*\[?$/.test(text)) {
      inList = true;
      listTaken = false;
      continue;
    }
    if (inList && text.startsWith(']')) inList = false;
    const first = /'(\/[^']*|\*)'/.exec(line)?.[1];
    if (!first || /redirect\(/.test(line)) continue;
    if (inList && listTaken) continue;
    if (inList) listTaken = true;
    if (!paths.includes(first)) paths.push(first);
  }
  return paths;
}

/** Real ids from the sandbox for the route parameters. */
export interface RouteIds {
  artwork: number;
  user: number;
  novel: number;
  spotlight: number;
  live: string;
}

/** The sandbox's seeded series (the same as series.spec.ts reads). */
const ILLUST_SERIES = { user: 18206, id: 1014 };
const NOVEL_SERIES = 103002;

let cached: Promise<RouteIds> | undefined;

/** Ids of an all-ages artwork, its author, a novel, an article and a live, asked once. */
export function fetchRouteIds(request: APIRequestContext): Promise<RouteIds> {
  cached ??= (async () => {
    const date = rankingDateWindow(new Date()).defaultDate;
    const get = async <T>(url: string) => (await (await request.get(url)).json()) as T;
    const [rank, novels, spotlights, lives] = await Promise.all([
      get<{ illusts: { id: number; user: { id: number } }[] }>(
        `/api/pixiv/rank?mode=day&date=${date}`,
      ),
      get<{ novels: { id: number }[] }>(`/api/pixiv/rank_novel?mode=day&date=${date}`),
      get<{ articles: { id: number }[] }>('/api/spotlights?type=illustration&lang=en'),
      get<{ lives: { id: string; is_adult: boolean }[] }>('/api/pixiv/live_list'),
    ]);
    return {
      artwork: rank.illusts[0]!.id,
      user: rank.illusts[0]!.user.id,
      novel: novels.novels[0]!.id,
      spotlight: spotlights.articles[0]!.id,
      live: lives.lives.find((l) => !l.is_adult)!.id,
    };
  })();
  return cached;
}

/** A route pattern made into a URL with real ids ('*' becomes a path that matches nothing). */
export function fillRoute(pattern: string, ids: RouteIds): string {
  if (pattern === '*') return '/no/such/page';
  if (pattern === '/user/:uid/series/:sid')
    return `/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}`;
  if (pattern === '/novel/series/:id') return `/novel/series/${NOVEL_SERIES}`;
  const byPrefix: [RegExp, string | number][] = [
    [/^\/(artworks|illust|i)\//, ids.artwork],
    [/^\/(users|u|user)\//, ids.user],
    [/^\/(novel|n)\//, ids.novel],
    [/^\/(spotlight|sp|a|pixivision)\//, ids.spotlight],
    [/^\/live\//, ids.live],
    [/^\/rank\//, 'daily'],
    [/^\/rank_novel\//, 'day'],
    [/^\/following\//, 'novel'],
  ];
  const value = byPrefix.find(([re]) => re.test(pattern))?.[1];
  return pattern.replace(/:(\w+)/, (_, name: string) => {
    if (name === 'keyword' || name === 'word') return encodeURIComponent('猫');
    if (value === undefined) throw new Error(`no value for ${pattern}`);
    return String(value);
  });
}
