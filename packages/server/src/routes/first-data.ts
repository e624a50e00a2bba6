/**
 * The page head part (spa.ts `HeadPart`) that starts a page's first data with the HTML (issue 17):
 * for the pages people land on (a ranking, home, an artwork, a novel) a `<link rel=preload as=fetch
 * crossorigin>` of exactly the mirror calls the app's first queries make (same path, same query
 * in the same order; CORS mode with same-origin credentials, as the app's `fetch()` has), so the
 * browser fetches them while the app's code loads and the app's fetch takes the preloaded answer.
 *
 * Where the answer is known without an upstream call of this part's own (a fresh cache entry, or
 * the artwork that the page's link preview loads anyway, coalesced into the same call), the first
 * pictures are preloaded too, at the size and through the image route the app's cards use, with
 * fetchpriority=high.
 */
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_CONTENT_SETTINGS,
  DISCOVERY_CARD_SIZE,
  DISCOVERY_PAGE_SIZE,
  NOVEL_SEARCH_MODES,
  discoveryMode,
  hourlyRandomRanking,
  isAiArtwork,
  isHomeFeedArtwork,
  isLimitPlaceholder,
  normaliseIllust,
  rankTypeOf,
  isRankingDateAllowed,
  parseSearchFilters,
  RANDOM_MANGA_RANK_MODES,
  RANDOM_NOVEL_RANK_MODES,
  RANDOM_RANK_MODES,
  planSearch,
  rankingDateWindow,
  SPOTLIGHT_TABS,
  spotlightLang,
  searchAiType,
  toProxiedImageUrl,
  USER_TAB_LIST_PAGES,
  type Artwork,
  type ContentSettings,
  type RawIllust,
  type UserTab,
  COMMENTS_FIRST_PAGE,
  commentPage,
} from '@pv/core';
import { LRUCache } from 'lru-cache';
import { firstLanguage } from '../plugins/upstream.ts';
import { peekMirrorText, readMirror, type MirrorDeps } from './api/pixiv/index.ts';
import { renderViewOf, type RenderView } from './first-paint.ts';
import { escapeMarkup } from './share/public-url.ts';
import type { HeadPart } from './spa.ts';

/** How many card pictures a list page preloads: the first row at the widest layout. */
export const PRELOADED_CARD_PICTURES = 4;

export interface FirstDataOptions {
  deps: MirrorDeps;
  /** IMAGE_PROXY: pictures load from there, as the app loads them. */
  imageProxy?: string;
  /** The clock that picks the default ranking day (the app's own `rankingDateWindow`). */
  now?: () => Date;
}

/**
 * A call as the app's api client builds it: `/api/pixiv/{name}?{params in order}`, or with `api`
 * one of this server's others: its www proxy (`/api/web/{name}`) or its own routes (`/api/{name}`:
 * its services, pixivision's).
 */
export interface MirrorCall {
  name: string;
  params: Record<string, string>;
  api?: 'web' | 'own';
  /**
   * A part of the page below its first data (an artwork's comments, a profile's tags): rendered
   * with when its answer comes in time, left to the app when it fails or is late (the page renders
   * without it: server-render.ts `readPlanCalls`), never preloaded (nothing waits for it before
   * the app runs, and a www call carries a browser's own www session).
   */
  optional?: boolean;
  /**
   * For a www call whose route keeps nothing (discovery's random set, drawn anew on every call):
   * the render reads it through a copy of its own kept this many seconds, so that the page is
   * rendered and kept with one set for that long (without it the answer is fresh for 0 s and
   * the render is never kept: one render and one www call per visit).
   */
  keep?: number;
}

/**
 * How long a home rendered with its discovery card keeps the card's set, s: the app shows one
 * set for ten minutes (`useDiscoveryCard`), so a minute of the same set for every anonymous
 * visitor changes nothing they can tell, and spares a render and a www call per home visit.
 */
export const DISCOVERY_CARD_KEEP_S = 60;

/** What a page's first data may depend on besides its URL: the user's, as the server knows it. */
export interface PlanContext {
  /** The user's content settings (the first-paint cookie's); absent: the defaults. */
  content?: ContentSettings;
  /**
   * The sensitive-word list the search screens check a keyword against before searching (what
   * the app reads from `/api/sensitive-words`); absent: no search is planned.
   */
  sensitiveWords?: readonly string[];
  /**
   * The server's self-hosted mode (its config): discovery is shown, and the search results show
   * popular works.
   */
  selfHosted?: boolean;
  /**
   * The interface language the server renders the page in; without it, no plan for the pages
   * whose calls depend on it (pixivision's).
   */
  language?: string;
}

/** The first data of a page: mirror calls to preload, and where the first pictures come from. */
export interface PagePlan {
  calls: MirrorCall[];
  /**
   * The call whose answer lists the first cards, which picture size the cards show, and which of
   * its works the screen shows (for the user's view, the first-paint cookie's; absent: defaults).
   */
  cards?: {
    call: MirrorCall;
    size: 's' | 'm';
    shows: (work: Artwork, view?: RenderView) => boolean;
  };
  /** An artwork page: its first picture, from the detail the link preview loads anyway. */
  artwork?: number;
  /** Fetched for the server's render only, never preloaded (see `pagePlan` on user pages). */
  renderOnly?: boolean;
  /**
   * Optional calls that need an answer of the page's own (an artwork's author's works need its
   * author), for the render only: asked for once the required calls have answered, given their
   * answers in the order of `calls` (undefined in an optional call's place).
   */
  follow?: (answers: readonly unknown[]) => MirrorCall[];
}

const API_ROOTS = { mirror: '/api/pixiv', web: '/api/web', own: '/api' } as const;

export function mirrorUrl(call: MirrorCall): string {
  const qs = new URLSearchParams(call.params).toString();
  return `${API_ROOTS[call.api ?? 'mirror']}/${call.name}${qs ? `?${qs}` : ''}`;
}

/** A search's page (its path): its plan needs the sensitive-word list (`PlanContext`). */
export const SEARCH_PAGE = /^\/(search|s|search_novel)\/([^/?#]+)\/?(?:$|[?#])/;

/** The home's ranking row leaves out manga and multi-page works (core home-feed.ts). */
const homeShows = (work: Artwork) =>
  isHomeFeedArtwork(work, {
    content: DEFAULT_CONTENT_SETTINGS,
    blocks: { tags: [], authorIds: [] },
  });

/**
 * A home's random feed's first page for the server's render (HomeScreen, `useRandomList`; the
 * novel home's `useRandomNovels` from `rank_novel`): the hour's draw (`hourlyRandomRanking`), asked
 * for with its page number, which tells it apart from the ranking row's call (server-routes.ts
 * `randomFirstPage`, `randomNovelsFirstPage`); optional, never preloaded.
 */
function randomFirstPage(
  now: Date,
  modes: readonly string[],
  name: 'rank' | 'rank_novel' = 'rank',
): MirrorCall {
  const { mode, date } = hourlyRandomRanking(now, modes);
  return { name, params: { mode, date, page: '1' }, optional: true };
}

/**
 * A home's recommended row in self-hosted mode (`useRecommended`, `useRecommendedNovels`: the
 * first page, asked for without arguments), for the render only.
 */
const recommendedRow = (name: string): MirrorCall => ({ name, params: {}, optional: true });

/** A ranking leaves out manga for a user who hides them there (RankScreen). */
const rankingShows = (work: Artwork, view?: RenderView) =>
  !(view?.hideRankManga && work.type === 'manga');

/**
 * What a page path needs first, as the app's screens ask for it: `/rank/{type}` its ranking's
 * first page (RankScreen, `useRankingList`: mode, date, page); home its ranking row
 * (HomeScreen, `useRankingHead`; not the trending tags, which only pick the search box's
 * placeholder once the app runs and weigh 140 KB with their works), the manga home its manga
 * ranking row, the novel home its novel ranking row (`useNovelRankingHead`; for the render,
 * optional: the spotlights, the rows of self-hosted mode (recommended works, the illust home's
 * discovery card) and the three homes' random feed's first page);
 * an artwork its detail (`useIllust`; for the render also its first comments, related works and,
 * once the detail names the author, the author's works, optional); a novel its
 * detail and text; a novel ranking its first page (RankNovelScreen, `useNovelRankingList`, for
 * the server's render only); the live list its first page (LivesScreen, `useLiveList`); a
 * self-hosted server's discovery its first set (DiscoveryScreen, `useDiscoveryList`, for the
 * server's render only: a browser with a www session sends it with the call, which then cannot
 * take a preload) or, on its users tab, the recommended users (`useRecommendedUsers`, render
 * only too); a search its first page (`searchPlan`, for the server's render only, with the
 * user's content settings and the sensitive-word list of `context`). Null for every other page,
 * and for the web rankings (`?content=`). A user's page (UserScreen: `useUserDetail`, the first
 * tab's `useUserWorks`) is
 * planned for the server's render only, not preloaded: its profile says whether the viewer
 * follows the user, and a browser's very first page (before its opt-out cookie exists) would be
 * given the anonymous pool's answer even when its own call carries the user's token (Chromium
 * matches a preload by URL, not by headers). A page the server renders carries its answers for
 * an anonymous browser only (no opt-out cookie). The pages of `renderOnlyCalls` too.
 */
export function pagePlan(url: string, now: Date, context: PlanContext = {}): PagePlan | null {
  const [path = '', query = ''] = url.split('#')[0]!.split('?');
  const search = new URLSearchParams(query);
  const searched = SEARCH_PAGE.exec(path);
  if (searched) return searchPlan(searched[1] === 'search_novel', searched[2]!, search, context);
  if (path === '/lives' || path === '/lives/') {
    return { calls: [{ name: 'live_list', params: { page: '1' } }] };
  }
  // discovery is a self-hosted page (elsewhere the screen is a 404); its users tab (a link or its
  // tabs' form without JavaScript) shows the recommended users
  const discovery = path === '/discovery' || path === '/discovery/';
  if (discovery && context.selfHosted) {
    if (search.get('tab') === 'users') {
      return { calls: [{ name: 'user_recommended', params: {} }], renderOnly: true };
    }
    const mode = discoveryMode(context.content ?? DEFAULT_CONTENT_SETTINGS);
    const params = { mode, limit: String(DISCOVERY_PAGE_SIZE) };
    return { calls: [{ api: 'web', name: 'discovery', params }], renderOnly: true };
  }
  const window = rankingDateWindow(now);
  if (/^\/(?:home|index(?:\.html)?)?$/.test(path)) {
    const ranking = { name: 'rank', params: { mode: 'day', date: window.defaultDate } };
    // pixivision's newest articles, the row under the ranking (SpotlightRow, `useSpotlightHead`),
    // in the interface's language (for the server's render: unknown to the head's preloads)
    const spotlights: MirrorCall[] = context.language
      ? [
          {
            api: 'own',
            name: 'spotlights',
            params: { page: '1', lang: spotlightLang(context.language) },
            optional: true,
          },
        ]
      : [];
    // self-hosted mode's discovery card (`useDiscoveryCard`) and recommended row
    const rows: MirrorCall[] = context.selfHosted
      ? [
          {
            api: 'web',
            name: 'discovery',
            params: {
              mode: discoveryMode(context.content ?? DEFAULT_CONTENT_SETTINGS),
              limit: String(DISCOVERY_CARD_SIZE),
            },
            optional: true,
            keep: DISCOVERY_CARD_KEEP_S,
          },
          recommendedRow('illust_recommended'),
        ]
      : [];
    return {
      calls: [ranking, ...spotlights, ...rows, randomFirstPage(now, RANDOM_RANK_MODES)],
      cards: { call: ranking, size: 's', shows: homeShows },
    };
  }
  if (path === '/home_manga') {
    const ranking = { name: 'rank', params: { mode: 'day_manga', date: window.defaultDate } };
    const rows = context.selfHosted ? [recommendedRow('manga_recommended')] : [];
    // its row leaves out only what the content settings hide (HomeMangaScreen), as plainWork does
    return {
      calls: [ranking, ...rows, randomFirstPage(now, RANDOM_MANGA_RANK_MODES)],
      cards: { call: ranking, size: 's', shows: () => true },
    };
  }
  if (path === '/home_novel') {
    const ranking = { name: 'rank_novel', params: { mode: 'day', date: window.defaultDate } };
    const rows = context.selfHosted ? [recommendedRow('novel_recommended')] : [];
    return {
      calls: [ranking, ...rows, randomFirstPage(now, RANDOM_NOVEL_RANK_MODES, 'rank_novel')],
    };
  }
  const rank = /^\/rank\/([a-z0-9_]{1,40})\/?$/.exec(path);
  if (rank) {
    const type = rankTypeOf(rank[1]);
    const content = search.get('content');
    if (!type || content === 'illust' || content === 'ugoira') return null;
    const requested = search.get('date') ?? '';
    // a real day inside the window, not a string that sorts between its ends
    const date = isRankingDateAllowed(requested, window) ? requested : window.defaultDate;
    const call = { name: 'rank', params: { mode: type.mode, date, page: '1' } };
    return { calls: [call], cards: { call, size: 'm', shows: rankingShows } };
  }
  const artwork = /^\/(?:artworks|illust|i)\/(\d{1,12})\/?$/.exec(path);
  if (artwork) {
    const id = Number(artwork[1]);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    // its comments too (the first 3 roots, as `useCommentRoots` asks for them): on a phone they
    // sit above the author's and related works in the first screen, and arriving later they
    // pushed those down
    const { offset, limit } = commentPage(1, COMMENTS_FIRST_PAGE);
    const comments: MirrorCall = {
      api: 'web',
      name: 'illust_comment_roots',
      params: { illust_id: String(id), offset: String(offset), limit: String(limit) },
      optional: true,
    };
    // and its related works' first page (RelatedWorks), the grid under it: its cards then come
    // with the page, drawn in the columns the app places them in
    const related: MirrorCall = {
      name: 'related',
      params: { id: String(id), page: '1' },
      optional: true,
    };
    return {
      calls: [{ name: 'illust', params: { id: String(id) } }, comments, related],
      artwork: id,
      follow: ([detail]) => {
        // and the author's newest works, the row between the two (AuthorWorks, `useAuthorWorks`):
        // its placeholders held the row's place until the app had them, and went when the author
        // has fewer than 10 works, moving the related works up
        const author = (detail as { illust?: { user?: { id?: unknown } } } | undefined)?.illust
          ?.user?.id;
        if (typeof author !== 'number' || !Number.isSafeInteger(author) || author <= 0) return [];
        return [{ name: 'member_illust', params: { id: String(author) }, optional: true }];
      },
    };
  }
  const novelRank = /^\/rank_novel\/([a-z0-9_]{1,40})\/?$/.exec(path);
  if (novelRank) {
    const requested = search.get('date') ?? '';
    // the screen's own rule (RankNovelScreen): a day between the window's ends, else the default
    const date =
      requested >= window.min && requested <= window.max ? requested : window.defaultDate;
    const call = { name: 'rank_novel', params: { mode: novelRank[1]!, date, page: '1' } };
    // which names are modes the web app knows (a type name redirects): only for its render
    return { calls: [call], renderOnly: true };
  }
  const user = /^\/(?:users|u)\/(\d{1,12})\/?$/.exec(path);
  if (user && Number(user[1]) > 0) {
    const id = String(Number(user[1]));
    const tab = profileTabCall(search.get('tab'), id);
    // besides: whether the user has public novel bookmarks (their tab shows only then) and, above
    // the works, the author's tags: arriving once the app runs, they added a tab and pushed the
    // works down
    const extras: MirrorCall[] = [
      { name: 'favorite_novel', params: { id }, optional: true },
      ...(tab.name === 'member_illust'
        ? [{ api: 'web' as const, name: 'user_tags', params: { id }, optional: true }]
        : []),
    ].filter((call) => call.name !== tab.name);
    return {
      calls: [{ name: 'member', params: { id } }, tab, ...extras],
      renderOnly: true,
    };
  }
  // a novel's page asks for its detail and its text at once: `useNovel`, `useNovelText`
  const novel = /^\/(?:novel|n)\/(\d{1,12})\/?$/.exec(path);
  if (novel && Number(novel[1]) > 0) {
    const params = { id: String(Number(novel[1])) };
    return {
      calls: [
        { name: 'novel_detail', params },
        { name: 'webview_novel', params },
      ],
    };
  }
  const calls = renderOnlyCalls(path, search, context.language);
  return calls && { calls, renderOnly: true };
}

/**
 * The first page of the profile tab `?tab=` names (UserScreen's TabPanel; its tabs are a form
 * that works without JavaScript): the same call as the author list page the tab opens in full,
 * the illustrations for any other tab (the series, the related users and a tag's works are the
 * app's to ask for).
 */
function profileTabCall(tab: string | null, id: string): MirrorCall {
  const page =
    tab !== null && Object.hasOwn(USER_TAB_LIST_PAGES, tab)
      ? USER_TAB_LIST_PAGES[tab as UserTab]!
      : USER_TAB_LIST_PAGES.illusts!;
  const [list = '', query = ''] = page.split('?');
  return authorListCall(list, id, new URLSearchParams(query));
}

/** A user's author list by its path, aliases too (AuthorListScreen's `authorListKind`). */
const AUTHOR_LIST =
  /^\/users\/(\d{1,12})\/(artworks|illustrations|novels|favorites|bookmarks\/artworks|favorite_novels|bookmarks\/novels)\/?$/;

/** The first page of the author list `list` names (AuthorLists.tsx's hooks). */
function authorListCall(list: string, id: string, search: URLSearchParams): MirrorCall {
  if (list === 'novels') return { name: 'member_novel', params: { id, page: '1' } };
  // bookmarks page by cursor: the first page has none
  if (list === 'favorites' || list === 'bookmarks/artworks') {
    return { name: 'favorite', params: { id } };
  }
  if (list === 'favorite_novels' || list === 'bookmarks/novels') {
    return { name: 'favorite_novel', params: { id } };
  }
  const type = search.get('type') === 'manga' ? 'manga' : 'illust';
  return { name: 'member_illust', params: { id, illust_type: type, page: '1' } };
}

/** A positive id of the address, as the app's route reads it, or null. */
function idOf(text: string | undefined): string | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? String(id) : null;
}

/**
 * The first calls of the pages planned for the server's render only, never preloaded. A user's
 * author list (AuthorListScreen: `useUserDetail` and its list's first page) and a series
 * (IllustSeriesScreen: `useIllustSeriesHead` without `page`, `useIllustSeriesWorks` with it;
 * NovelSeriesScreen: one `novel_series` for both) for the user page's reason above (their
 * answers carry the viewer's own follow and bookmark marks). pixivision's list and articles
 * (SpotlightsScreen `useSpotlightList`, SpotlightDetail `useSpotlight`, this server's own routes)
 * are asked in the interface language, which for a page it does not render the server only
 * guesses (cookie, Accept-Language) while the app reads its settings: a preload in another
 * language would go unused.
 */
function renderOnlyCalls(
  path: string,
  search: URLSearchParams,
  language: string | undefined,
): MirrorCall[] | null {
  const list = AUTHOR_LIST.exec(path);
  const user = idOf(list?.[1]);
  if (list && user) {
    return [{ name: 'member', params: { id: user } }, authorListCall(list[2]!, user, search)];
  }
  const series = idOf(/^\/user\/\d{1,12}\/series\/(\d{1,12})\/?$/.exec(path)?.[1]);
  if (series) {
    return [
      { name: 'illust_series', params: { id: series } },
      { name: 'illust_series', params: { id: series, page: '1' } },
    ];
  }
  const novelSeries = idOf(/^\/novel\/series\/(\d{1,12})\/?$/.exec(path)?.[1]);
  if (novelSeries) return [{ name: 'novel_series', params: { id: novelSeries } }];
  if (!language) return null;
  const lang = spotlightLang(language);
  if (/^\/(?:spotlights|pixivision)\/?$/.test(path)) {
    const tab = search.get('tab') ?? '';
    // the screen's first tab for a missing or unknown one
    const type = (SPOTLIGHT_TABS as readonly string[]).includes(tab) ? tab : 'illustration';
    return [{ name: 'spotlights', params: { type, page: '1', lang }, api: 'own' }];
  }
  const article = idOf(/^\/(?:spotlight|sp|a|pixivision)\/(\d{1,12})\/?$/.exec(path)?.[1]);
  if (article) return [{ name: `spotlight/${article}`, params: { lang }, api: 'own' }];
  return null;
}

/** The sensitive-word list's call, as the app makes it (state/queries/search.ts). */
const SENSITIVE_WORDS_CALL: MirrorCall = { api: 'own', name: 'sensitive-words', params: {} };

/**
 * A search's first page (SearchResultsScreen `useIllustSearch`, SearchNovelResultsScreen
 * `useNovelSearch`) and the sensitive-word list it was checked against, for the server's render
 * only: the call depends on the user's content settings and that list, which the head part does
 * not read. The keyword as React Router reads the path's segment (an encoded slash stays as it is:
 * no plan), the filters as the screens read them from the query (`parseSearchFilters`: an invalid
 * value is the default), the mirror's params in the order the app builds them
 * (`illustSearchParams`, `novelSearchParams`). A keyword the screen does not search (empty, an
 * artwork link, refused): no plan.
 */
function searchPlan(
  novel: boolean,
  segment: string,
  search: URLSearchParams,
  context: PlanContext,
): PagePlan | null {
  const { sensitiveWords } = context;
  if (!sensitiveWords || /%2f/i.test(segment)) return null;
  let keyword: string;
  try {
    keyword = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const content = context.content ?? DEFAULT_CONTENT_SETTINGS;
  const plan = planSearch(keyword, content, { sensitiveWords });
  if (plan.kind !== 'search') return null;
  const f = parseSearchFilters(search);
  const dates = {
    ...(f.duration && { duration: f.duration }),
    ...(f.start_date && { start_date: f.start_date }),
    ...(f.end_date && { end_date: f.end_date }),
  };
  const aiType = String(searchAiType(plan.hideAi));
  const mode = search.get('mode') ?? '';
  const call: MirrorCall = novel
    ? {
        name: 'search_novel',
        params: {
          word: plan.word,
          page: '1',
          mode: (NOVEL_SEARCH_MODES as readonly string[]).includes(mode)
            ? mode
            : 'partial_match_for_tags',
          sort: f.order,
          ...dates,
          search_ai_type: aiType,
        },
      }
    : {
        name: 'search',
        params: {
          word: plan.word,
          page: '1',
          search_ai_type: aiType,
          mode: f.mode,
          order: f.order,
          ...dates,
        },
      };
  // the illust results' popular works row, in self-hosted mode (`usePopularPreview`)
  const preview: MirrorCall[] =
    !novel && context.selfHosted
      ? [{ name: 'popular_preview', params: { word: plan.word, mode: f.mode } }]
      : [];
  return { calls: [call, ...preview, SENSITIVE_WORDS_CALL], renderOnly: true };
}

/**
 * Whether a work's picture may be named in the page's head: not an R-18, R-18G or AI work (the
 * default content settings hide them, and a crawler reading the head must not see them, as the
 * link preview's neutral card does not show them).
 */
export function plainWork(work: Artwork): boolean {
  return work.x_restrict === 0 && !isAiArtwork(work);
}

function illustsOf(body: unknown): Artwork[] {
  const list = (body as { illusts?: unknown } | undefined)?.illusts;
  if (!Array.isArray(list)) return [];
  const works: Artwork[] = [];
  for (const raw of list) {
    try {
      works.push(normaliseIllust(raw as RawIllust));
    } catch {
      // a malformed entry: the app shows no card for it either
    }
  }
  return works;
}

/** The works of the answers `keptWorks` read last, with the text they were read from. */
const worksRead = new LRUCache<string, { text: string; works: Artwork[] }>({ max: 32 });

/**
 * The works of a list call's answer kept in the mirror's cache (none when it is not there), read
 * once while it is kept: every page of a list asks for them (its head's picture preloads), and
 * parsing a ranking's answer and its 30 works again took about 0.25 ms of a page request.
 */
async function keptWorks(
  deps: MirrorDeps,
  call: MirrorCall,
  language: string | undefined,
): Promise<readonly Artwork[]> {
  const text = await peekMirrorText(deps, call.name, call.params, language);
  if (text === undefined) return [];
  const key = `${language ?? ''}\n${mirrorUrl(call)}`;
  const read = worksRead.get(key);
  if (read?.text === text) return read.works;
  const works = illustsOf(JSON.parse(text));
  worksRead.set(key, { text, works });
  return works;
}

/** The first pictures the page shows, as the app's cards and artwork page load them. */
async function firstPictures(
  plan: PagePlan,
  req: FastifyRequest,
  options: FirstDataOptions,
): Promise<string[]> {
  const language = firstLanguage(req.headers['accept-language']);
  if (plan.cards) {
    const { call, size, shows } = plan.cards;
    // a user who blocks tags or authors (or whose cookie does not read): the server cannot tell
    // which cards the screen shows, and a picture preloaded for a card never shown is wasted
    const shaped = renderViewOf(req);
    if (!shaped) return [];
    return (await keptWorks(options.deps, call, language))
      .filter((work) => plainWork(work) && shows(work, shaped.view))
      .slice(0, PRELOADED_CARD_PICTURES)
      .map((work) => work.images[0]?.[size] ?? work.thumbnail);
  }
  if (plan.artwork !== undefined) {
    // The same call (and cache key) as the link preview's card: one upstream call at most.
    const body = await readMirror(
      options.deps,
      'illust',
      { id: String(plan.artwork) },
      { language, log: req.log },
    );
    const work = (body as { illust?: unknown }).illust;
    const [first] = work ? illustsOf({ illusts: [work] }) : [];
    const image = first && plainWork(first) ? first.images[0] : undefined;
    if (!image || isLimitPlaceholder(image.l) || isLimitPlaceholder(image.m)) return [];
    return [image.m];
  }
  return [];
}

/**
 * The cookie a browser keeps while its mirror calls differ from the anonymous ones preloaded here
 * (the user's own token in local-app mode, another mirror): a preload would be fetched for
 * nothing, as the app's call could not take it.
 */
export const OPT_OUT_COOKIE = 'pv_first_data';

function optedOut(cookie: string | undefined): boolean {
  return (cookie ?? '').split(';').some((c) => c.trim() === `${OPT_OUT_COOKIE}=off`);
}

/** The notice feed's call, as the app makes it (state/queries/notices.ts). */
export const NOTICES_URL = '/api/notices';

/**
 * The head part: preload links of the notice feed, the page's first data and, when known, first
 * pictures.
 */
export function firstDataHead(options: FirstDataOptions): HeadPart {
  const now = options.now ?? (() => new Date());
  const part: HeadPart = async (req) => {
    // every page shows the notice feed (useNotice): its answer with the page's, so that a banner
    // is there when the page first paints rather than pushing it down after (the same for every
    // browser: no token, no mirror)
    const notices = `<link rel="preload" as="fetch" crossorigin href="${NOTICES_URL}">`;
    if (optedOut(req.headers.cookie)) return notices;
    const plan = pagePlan(req.url, now());
    if (!plan || plan.renderOnly) return notices;
    const links = plan.calls
      .filter((call) => !call.optional)
      .map(
        (call) =>
          `<link rel="preload" as="fetch" crossorigin href="${escapeMarkup(mirrorUrl(call))}">`,
      );
    const pictures = await firstPictures(plan, req, options).catch((err: unknown) => {
      req.log.debug({ err }, 'first pictures not preloaded');
      return [];
    });
    for (const url of pictures) {
      const src = toProxiedImageUrl(url, options.imageProxy);
      if (src)
        links.push(
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeMarkup(src)}">`,
        );
    }
    return notices + links.join('');
  };
  // before the app's script and styles: the browser then asks for the data first
  part.early = true;
  return part;
}
