/**
 * www.pixivision.net as HTML shaped like the real site (pixiv-upstream.md §4.2 (c)), so that the
 * server's scraper reads real structure: `/{lang}/`, `/{lang}/c/{category}?p=` and
 * `/{lang}/t/{tagId}?p=` list pages of `li.article-card-container` cards with a sidebar (popular
 * and recommended articles), and `/{lang}/a/{id}` article pages with `div.am__work` blocks and
 * related-article sections. Every card's tag links to its tag's list page.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { jstDay } from '../clock.ts';
import {
  SPOTLIGHT_CATEGORIES,
  SPOTLIGHT_LANGS,
  articleTitle,
  themeName,
  type SpotlightArticle,
  type SpotlightCategory,
  type SpotlightLang,
} from '../data/spotlights.ts';
import type { TagWord } from '../data/words.ts';
import { tagById, tagId } from '../data/spotlight-tags.ts';
import { avatarUrl, workPageUrls, SPXIMG } from '../images/urls.ts';
import type { SandboxState } from '../state.ts';

export const PIXIVISION_PAGE = 20;

export const CATEGORY_LABEL: Record<SpotlightCategory, Record<'ja' | 'en', string>> = {
  illustration: { ja: 'イラスト', en: 'Illustration' },
  manga: { ja: 'マンガ', en: 'Manga' },
  novels: { ja: '小説', en: 'Novels' },
  column: { ja: 'コラム', en: 'Column' },
  interview: { ja: 'インタビュー', en: 'Interview' },
  news: { ja: 'ニュース', en: 'News' },
  recommend: { ja: 'おすすめ', en: 'Recommended' },
};

const esc = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const label = (c: SpotlightCategory, lang: SpotlightLang) =>
  CATEGORY_LABEL[c][lang === 'ja' ? 'ja' : 'en'];

function thumbnail(a: SpotlightArticle): string {
  return a.cover
    ? workPageUrls(a.cover, 0).medium
    : `${SPXIMG}/common/images/limit_unknown_360.png`;
}

function dotted(ms: number): string {
  return jstDay(ms).replaceAll('-', '.');
}

function tagList(a: SpotlightArticle, lang: SpotlightLang): string {
  const name = themeName(a.theme, lang);
  return `<ul class="_tag-list"><li class="tls__list-item-container"><a href="/${lang}/t/${tagId(a.theme.name)}" data-gtm-label="${esc(name)}"><div class="tls__list-item small">${esc(name)}</div></a></li></ul>`;
}

function card(a: SpotlightArticle, lang: SpotlightLang): string {
  const title = esc(articleTitle(a, lang));
  return `<li class="article-card-container"><article class="_article-card spotlight" data-gtm-category="Article Card"><a href="/${lang}/a/${a.id}" data-gtm-action="ClickImage" data-gtm-label="${a.id}"><div class="_thumbnail" style="background-image:  url(${thumbnail(a)});"></div></a><div class="arc__title-container"><h2 class="arc__title"><a href="/${lang}/a/${a.id}" data-gtm-action="ClickTitle" data-gtm-label="${a.id}">${title}</a></h2>${tagList(a, lang)}</div><div class="arc__footer-container"><a class="arc__thumbnail-label _category-label" href="/${lang}/c/${a.category}">${esc(label(a.category, lang))}</a><time class="_date" datetime="${jstDay(a.publish)}">${dotted(a.publish)}</time></div></article></li>`;
}

function page(lang: SpotlightLang, title: string, main: string, sidebar = ''): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(title)} - pixivision</title></head><body><div id="wrapper"><header class="_header"><a class="hd__logo" href="/${lang}/">pixivision</a><nav class="hd__nav">${SPOTLIGHT_CATEGORIES.map((c) => `<a href="/${lang}/c/${c}">${esc(label(c, lang))}</a>`).join('')}</nav></header><div class="_content">${main}${sidebar}</div></div></body></html>`;
}

function sidebar(state: SandboxState, lang: SpotlightLang): string {
  const all = state.spotlights.list();
  // Popular: the most bookmarked covers of the last 60 articles; recommended: every 7th.
  const popular = all
    .slice(0, 60)
    .filter((a) => a.cover)
    .sort((x, y) => y.cover!.bookmarks - x.cover!.bookmarks)
    .slice(0, 5);
  const recommended = all.filter((_, i) => i % 7 === 3).slice(0, 4);
  const rank = popular
    .map(
      (a, i) =>
        `<li class="rnk__list-item" data-rank="${i + 1}"><a href="/${lang}/a/${a.id}" data-gtm-label="${a.id}"><div class="rnk__thumbnail" style="background-image: url(${thumbnail(a)});"></div><p class="rnk__title">${esc(articleTitle(a, lang))}</p></a></li>`,
    )
    .join('');
  return `<aside class="_sidebar"><section class="sidebar-ranking"><h3 class="sdbr__heading">${lang === 'ja' ? '人気記事' : 'Popular'}</h3><ul class="rnk__list">${rank}</ul></section><section class="sidebar-recommend"><h3 class="sdbr__heading">${lang === 'ja' ? 'おすすめ記事' : 'Recommended'}</h3><ul class="srl__list">${recommended.map((a) => card(a, lang)).join('')}</ul></section></aside>`;
}

function notFound(reply: FastifyReply, lang: SpotlightLang) {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(page(lang, '404', '<div class="_error-page"><h1>404 Not Found</h1></div>'));
}

/** One page (`p`, 1-based) of a list of articles; 404 past the end, as pixivision answers. */
function listPage(
  state: SandboxState,
  reply: FastifyReply,
  list: { lang: SpotlightLang; title: string; header: string; articles: SpotlightArticle[] },
  p: number,
) {
  const { lang, articles } = list;
  const start = (p - 1) * PIXIVISION_PAGE;
  if (!Number.isInteger(p) || p < 1 || start >= articles.length) return notFound(reply, lang);
  const items = articles.slice(start, start + PIXIVISION_PAGE);
  const last = start + PIXIVISION_PAGE >= articles.length;
  const pager = `<div class="_pager-complex">${p > 1 ? `<a class="pager-prev" href="?p=${p - 1}">‹</a>` : ''}<span class="current">${p}</span>${last ? '' : `<a class="next" href="?p=${p + 1}">›</a>`}</div>`;
  const main = `<div class="_article-list-container">${list.header}<ul class="main-column-container">${items.map((a) => card(a, lang)).join('')}</ul>${pager}</div>`;
  return reply
    .type('text/html; charset=utf-8')
    .send(page(lang, list.title, main, sidebar(state, lang)));
}

/** The list of every article, or of one category. */
function categoryList(state: SandboxState, lang: SpotlightLang, category?: SpotlightCategory) {
  return {
    lang,
    title: category ? label(category, lang) : 'pixivision',
    header: '',
    articles: state.spotlights.list(category),
  };
}

/** The articles of one theme tag, newest first, under the tag's heading. */
function tagArticles(state: SandboxState, lang: SpotlightLang, tag: TagWord) {
  const name = themeName(tag, lang);
  return {
    lang,
    title: `#${name}`,
    header: `<div class="_tag-header" data-gtm-label="${esc(name)}"><h1 class="tdc__header">#${esc(name)}</h1></div>`,
    articles: state.spotlights.list().filter((a) => a.theme.name === tag.name),
  };
}

function articlePage(
  state: SandboxState,
  reply: FastifyReply,
  lang: SpotlightLang,
  a: SpotlightArticle,
) {
  const title = esc(articleTitle(a, lang));
  const works = a.works
    .map((w, i) => {
      const image = w.placeholder
        ? `${SPXIMG}/common/images/limit_unknown_360.png`
        : workPageUrls(w.work, 0).medium;
      const artwork = `https://www.pixiv.net/artworks/${w.work.id}`;
      return `<div class="am__work gtm__illust-collection-illusts-${i + 1}"><div class="am__work__title-container"><h3 class="am__work__title"><a href="${artwork}" class="inner-link" target="_blank">${esc(w.work.title)}</a></h3><p class="am__work__user-name"><a href="https://www.pixiv.net/users/${w.work.user.id}" class="author-img-container inner-link" target="_blank"><img class="am__work__uesr-icon" src="${avatarUrl(w.work.user, 50)}" alt="">${esc(w.work.user.name)}</a></p></div><div class="am__work__main"><a href="${artwork}" class="inner-link" target="_blank"><img class="am__work__illust" src="${image}" alt="${esc(w.work.title)}"></a></div><div class="am__work__description _medium-editor-text"><p>${esc(w.description)}</p></div></div>`;
    })
    .join('');
  const description = a.description.length
    ? `<div class="am__description _medium-editor-text">${a.description.map((p) => `<p>${esc(p)}</p>`).join('')}</div>`
    : '';
  const eyecatch = a.cover
    ? `<div class="_article-illust-eyecatch"><img src="${workPageUrls(a.cover, 0).large}" alt="${title}"></div>`
    : '';
  const related = state.spotlights.related(a, 4);
  const tagName = themeName(a.theme, lang);
  const sameCategory = state.spotlights
    .list(a.category)
    .filter((x) => x.id !== a.id)
    .slice(0, 4);
  const section = (kind: string, heading: string, list: SpotlightArticle[]) =>
    `<section class="_related-articles" data-gtm-category="${kind}"><h3 class="rla__heading"><a href="/${lang}/t/${tagId(a.theme.name)}" data-gtm-label="${esc(heading)}">${esc(heading)}</a></h3><ul class="rla__list-group">${list.map((x) => card(x, lang)).join('')}</ul></section>`;
  const main = `<div class="_article-main"><article class="am__article-body-container"><header class="am__header"><a class="am__categoty-pr _category-label" href="/${lang}/c/${a.category}">${esc(label(a.category, lang))}</a><h1 class="am__title">${title}</h1><time class="_date am__sub-info" datetime="${jstDay(a.publish)}">${dotted(a.publish)}</time></header>${eyecatch}<div class="am__body">${description}${works}</div><div class="am__footer">${tagList(a, lang)}</div></article></div>${section('Related Article Latest', tagName, related)}${section('Related Article Popular', label(a.category, lang), sameCategory)}`;
  return reply.type('text/html; charset=utf-8').send(page(lang, articleTitle(a, lang), main));
}

export function registerPixivision(app: FastifyInstance, state: SandboxState): void {
  app.get('/', async (_req, reply) => reply.redirect('/ja/', 302));
  app.get('/:lang/*', async (req, reply) => {
    const { lang } = req.params as { lang: string };
    const rest = (req.params as { '*': string })['*'];
    const p = Number((req.query as { p?: string }).p ?? '1');
    if (!(SPOTLIGHT_LANGS as readonly string[]).includes(lang)) return notFound(reply, 'ja');
    const l = lang as SpotlightLang;
    if (rest === '') return listPage(state, reply, categoryList(state, l), p);
    const category = /^c\/([a-z-]+)\/?$/.exec(rest)?.[1];
    if (category !== undefined) {
      if (!(SPOTLIGHT_CATEGORIES as readonly string[]).includes(category))
        return notFound(reply, l);
      return listPage(state, reply, categoryList(state, l, category as SpotlightCategory), p);
    }
    const tag = /^t\/(\d{1,9})\/?$/.exec(rest)?.[1];
    if (tag !== undefined) {
      const word = tagById(Number(tag));
      // An unknown tag, or one no article is about, has no list page (404 as past the end).
      if (!word) return notFound(reply, l);
      return listPage(state, reply, tagArticles(state, l, word), p);
    }
    const id = /^a\/(\d+)\/?$/.exec(rest)?.[1];
    const article = id ? state.spotlights.get(Number(id)) : undefined;
    if (!article) return notFound(reply, l);
    return articlePage(state, reply, l, article);
  });
}
