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
  isAiArtwork,
  isHomeFeedArtwork,
  isLimitPlaceholder,
  normaliseIllust,
  rankTypeOf,
  isRankingDateAllowed,
  rankingDateWindow,
  toProxiedImageUrl,
  type Artwork,
  type RawIllust,
} from '@pv/core';
import { firstLanguage } from '../plugins/upstream.ts';
import { peekMirror, readMirror, type MirrorDeps } from './api/pixiv/index.ts';
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

/** A mirror call as the app's api client builds it: `/api/pixiv/{name}?{params in order}`. */
interface MirrorCall {
  name: string;
  params: Record<string, string>;
}

/** The first data of a page: mirror calls to preload, and where the first pictures come from. */
interface PagePlan {
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
}

export function mirrorUrl(call: MirrorCall): string {
  const qs = new URLSearchParams(call.params).toString();
  return `/api/pixiv/${call.name}${qs ? `?${qs}` : ''}`;
}

/** The home's ranking row leaves out manga and multi-page works (core home-feed.ts). */
const homeShows = (work: Artwork) =>
  isHomeFeedArtwork(work, {
    content: DEFAULT_CONTENT_SETTINGS,
    blocks: { tags: [], authorIds: [] },
  });

/** A ranking leaves out manga for a user who hides them there (RankScreen). */
const rankingShows = (work: Artwork, view?: RenderView) =>
  !(view?.hideRankManga && work.type === 'manga');

/**
 * What a page path needs first, as the app's screens ask for it: `/rank/{type}` its ranking's
 * first page (RankScreen, `useRankingList`: mode, date, page); home the trending tags and the
 * ranking row (HomeScreen: `useTrendingTags`, `useRankingHead`), the manga home its manga
 * ranking row, the novel home its novel ranking row (`useNovelRankingHead`; the rows of
 * self-hosted mode, the spotlights and the random feeds are asked for by the app once it runs,
 * as nothing else on the page waits for them); an artwork its detail
 * (`useIllust`); a novel its detail and text; a novel ranking its first page
 * (RankNovelScreen, `useNovelRankingList`, for the server's render only). Null for every other page, and for the web rankings
 * (`?content=`). A user's page (UserScreen: `useUserDetail`, the first tab's `useUserWorks`) is
 * planned for the server's render only, not preloaded: its profile says whether the viewer
 * follows the user, and a browser's very first page (before its opt-out cookie exists) would be
 * given the anonymous pool's answer even when its own call carries the user's token (Chromium
 * matches a preload by URL, not by headers). A page the server renders carries its answers for
 * an anonymous browser only (no opt-out cookie).
 */
export function pagePlan(url: string, now: Date): PagePlan | null {
  const [path = '', query = ''] = url.split('#')[0]!.split('?');
  const search = new URLSearchParams(query);
  const window = rankingDateWindow(now);
  if (/^\/(?:home|index(?:\.html)?)?$/.test(path)) {
    const ranking = { name: 'rank', params: { mode: 'day', date: window.defaultDate } };
    return {
      calls: [{ name: 'tags', params: {} }, ranking],
      cards: { call: ranking, size: 's', shows: homeShows },
    };
  }
  if (path === '/home_manga') {
    const ranking = { name: 'rank', params: { mode: 'day_manga', date: window.defaultDate } };
    // its row leaves out only what the content settings hide (HomeMangaScreen), as plainWork does
    return { calls: [ranking], cards: { call: ranking, size: 's', shows: () => true } };
  }
  if (path === '/home_novel') {
    return { calls: [{ name: 'rank_novel', params: { mode: 'day', date: window.defaultDate } }] };
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
    return { calls: [{ name: 'illust', params: { id: String(id) } }], artwork: id };
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
    return {
      calls: [
        { name: 'member', params: { id } },
        { name: 'member_illust', params: { id, illust_type: 'illust', page: '1' } },
      ],
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
  return null;
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
    const body = await peekMirror(options.deps, call.name, call.params, language);
    return illustsOf(body)
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
    const links = plan.calls.map(
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
