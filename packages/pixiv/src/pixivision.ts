/**
 * The pixivision client: reads www.pixivision.net's HTML (pixiv-upstream.md §4.2 (c)) into the
 * app's spotlight shapes. Only the configured pixivision host is fetched; article bodies are
 * sanitised here, so nothing downstream ever holds pixivision's raw HTML.
 */
import { load, type CheerioAPI } from 'cheerio';
import sanitizeHtml from 'sanitize-html';
import {
  HTTP_TIMEOUT_MS,
  SPOTLIGHT_BODY_TAGS,
  SPOTLIGHT_LANGS,
  SPOTLIGHT_TABS,
  type SpotlightCard,
  type SpotlightDetail,
  type SpotlightItem,
  type SpotlightLang,
  type SpotlightList,
  type SpotlightTab,
  type UpstreamHosts,
} from '@pv/core';
import { PixivError, fetchFailure } from './errors.ts';
import { WEB_USER_AGENT } from './web.ts';

export interface PixivisionClient {
  /** A list page: all articles (no tab) or one tab's, 1-based; null past the last page. */
  list(
    tab: SpotlightTab | undefined,
    page: number,
    lang: SpotlightLang,
  ): Promise<SpotlightList | null>;
  /** An article; null when pixivision has none with that id. */
  article(id: number, lang: SpotlightLang): Promise<SpotlightDetail | null>;
}

export interface PixivisionClientOptions {
  hosts: Pick<UpstreamHosts, 'pixivision'>;
  timeoutMs?: number;
}

const PUBLIC_ORIGIN = 'https://www.pixivision.net';

/** Tags and attributes an article body keeps; images only from pixiv's image hosts. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...SPOTLIGHT_BODY_TAGS],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    div: ['class'],
    span: ['class'],
  },
  allowedClasses: { div: ['am__work', 'am__description'] },
  allowedSchemes: ['https'],
  allowedSchemesByTag: { img: ['https'] },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^https:\/\/[is]\.pximg\.net\//.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { href: attribs.href ?? '', rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

export function sanitiseArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

function backgroundUrl(style: string | undefined): string {
  return /url\(\s*['"]?([^'")]+)['"]?\s*\)/.exec(style ?? '')?.[1] ?? '';
}

function cards($: CheerioAPI, scope: ReturnType<CheerioAPI>): SpotlightCard[] {
  const out: SpotlightCard[] = [];
  scope.find('li.article-card-container').each((_, li) => {
    const card = $(li);
    const link = card.find('h2.arc__title a').first();
    const id = Number(link.attr('data-gtm-label'));
    if (!Number.isSafeInteger(id) || id <= 0) return;
    const category =
      /\/c\/([a-z-]+)/.exec(
        card.find('a._category-label, a.arc__thumbnail-label').attr('href') ?? '',
      )?.[1] ?? '';
    out.push({
      id,
      title: link.text().trim(),
      cover: backgroundUrl(card.find('div._thumbnail').attr('style')),
      category,
      tags: card
        .find('ul._tag-list a[data-gtm-label]')
        .map((_, a) => $(a).attr('data-gtm-label') ?? '')
        .get()
        .filter(Boolean),
      date: card.find('time._date').attr('datetime') ?? '',
    });
  });
  return out;
}

function rankCards($: CheerioAPI): SpotlightCard[] {
  return $('li.rnk__list-item')
    .map((_, li) => {
      const a = $(li).find('a[data-gtm-label]').first();
      return {
        id: Number(a.attr('data-gtm-label')),
        title: $(li).find('.rnk__title').text().trim(),
        cover: backgroundUrl($(li).find('.rnk__thumbnail').attr('style')),
        category: '',
        tags: [],
        date: '',
      };
    })
    .get()
    .filter((c) => Number.isSafeInteger(c.id) && c.id > 0);
}

export function parseListPage(html: string): SpotlightList {
  const $ = load(html);
  return {
    articles: cards($, $('ul.main-column-container').first()),
    rank: rankCards($),
    recommend: cards($, $('section.sidebar-recommend').first()),
    next: $('._pager-complex a.next').length > 0,
  };
}

export function parseArticlePage(html: string, id: number, lang: SpotlightLang): SpotlightDetail {
  const $ = load(html);
  const article = $('div._article-main article.am__article-body-container').first();
  const items: SpotlightItem[] = article
    .find('div.am__work')
    .map((_, el) => {
      const work = $(el);
      const href = work.find('div.am__work__main a.inner-link').attr('href') ?? '';
      const userHref = work.find('p.am__work__user-name a').attr('href') ?? '';
      return {
        illust_id: Number(/\/artworks\/(\d+)/.exec(href)?.[1] ?? /illust_id=(\d+)/.exec(href)?.[1]),
        title: work.find('h3.am__work__title a').text().trim(),
        illust_url: work.find('img.am__work__illust').attr('src') ?? '',
        user_id: Number(/\/users\/(\d+)/.exec(userHref)?.[1] ?? 0),
        user_name: work.find('p.am__work__user-name a').text().trim(),
        user_avatar: work.find('p.am__work__user-name img').attr('src') ?? '',
      };
    })
    .get()
    .filter((item) => Number.isSafeInteger(item.illust_id) && item.illust_id > 0);
  const desc = article
    .find('div.am__description._medium-editor-text p, div.fab__paragraph._medium-editor-text p')
    .map((_, p) => $(p).text().trim())
    .get()
    .filter(Boolean)
    .join('\n');
  const related = (kind: string) => {
    const section = $(`section._related-articles[data-gtm-category="${kind}"]`).first();
    return {
      tag_name:
        section.find('.rla__heading a').first().attr('data-gtm-label') ??
        section.find('.rla__heading').text().trim(),
      items: cards($, section),
    };
  };
  return {
    id,
    title: article.find('h1.am__title').text().trim(),
    cover: article.find('div._article-illust-eyecatch img').attr('src') ?? '',
    desc,
    date: article.find('time._date').attr('datetime') ?? '',
    category:
      /\/c\/([a-z-]+)/.exec(
        article.find('a._category-label, a.am__categoty-pr').attr('href') ?? '',
      )?.[1] ?? '',
    content: sanitiseArticleHtml(article.find('div.am__body').html() ?? ''),
    items,
    tags: article
      .find('.am__footer ul._tag-list a[data-gtm-label], ul._tag-list a[data-gtm-label]')
      .map((_, a) => $(a).attr('data-gtm-label') ?? '')
      .get()
      .filter((t, i, all) => t && all.indexOf(t) === i),
    related_latest: related('Related Article Latest'),
    related_recommend: related('Related Article Popular'),
    article_url: `${PUBLIC_ORIGIN}/${lang}/a/${id}`,
  };
}

export function createPixivisionClient(options: PixivisionClientOptions): PixivisionClient {
  const base = options.hosts.pixivision.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;

  async function page(path: string): Promise<string | null> {
    const url = `${base}${path}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        headers: { 'User-Agent': WEB_USER_AGENT, Accept: 'text/html' },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      throw fetchFailure(error, url);
    }
    if (res.status === 404) return null;
    if (res.status !== 200) {
      throw new PixivError('api', `pixivision answered ${res.status}`, { status: res.status });
    }
    // A page cut short parses into a partial list; it is a failure, never an answer to cache.
    if (!/<\/html>/i.test(text.slice(-4096))) {
      throw new PixivError('bad_response', 'pixivision page is incomplete', { status: 200 });
    }
    return text;
  }

  const checkLang = (lang: SpotlightLang) => {
    if (!(SPOTLIGHT_LANGS as readonly string[]).includes(lang))
      throw new PixivError('forbidden_url', `bad language ${lang}`);
  };

  return {
    async list(tab, p, lang) {
      checkLang(lang);
      if (tab !== undefined && !(SPOTLIGHT_TABS as readonly string[]).includes(tab)) {
        throw new PixivError('forbidden_url', `bad tab ${tab}`);
      }
      const html = await page(`/${lang}/${tab ? `c/${tab}` : ''}?p=${Math.max(1, Math.floor(p))}`);
      return html === null ? null : parseListPage(html);
    },
    async article(id, lang) {
      checkLang(lang);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const html = await page(`/${lang}/a/${id}`);
      return html === null ? null : parseArticlePage(html, id, lang);
    },
  };
}
